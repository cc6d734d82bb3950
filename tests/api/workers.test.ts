import { ImportFileError } from "@/lib/imports/errors";
import type { ImportFile, ImportFileRequest } from "@/lib/imports/read";
import { handOver } from "@/lib/worker-channel";
import { MAX_THREADS, openWorker, runTask, type TaskOptions } from "@/lib/workers.server";

/**
 * The one helper every worker task goes through (lib/workers.server.ts), tried on the CSV import's reader
 * (lib/imports/read.worker.ts): the answer, the refusal and failure carried back, the buffers handed over,
 * the deadline, and no more threads at once than MAX_THREADS.
 */

const csv = (text: string): ImportFileRequest => ({
  kind: "staff",
  bytes: new TextEncoder().encode(text),
  filename: "staff.csv",
  headers: ["email", "last_name", "first_name"],
  headerRow: false,
});
const refused: TaskOptions["refused"] = (message) => new ImportFileError(String(message));
const GOOD = "ada@school.test,Lovelace,Ada\ngrace@school.test,Hopper,Grace\n";

it("answers the task's value, its buffers handed over rather than copied", async () => {
  const request = csv(GOOD);
  const { bytes, transfer } = handOver(request.bytes);
  const file = await runTask<ImportFile>("imports/read", "read", { ...request, bytes }, { transfer, refused });
  expect(file.candidates).toHaveLength(2);
  expect(bytes.byteLength).toBe(0); // the copy went to the worker
});

it("carries a refusal back as the caller's error and any other failure as an Error with the worker's message", async () => {
  const refusal = await runTask("imports/read", "read", csv(""), { refused }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(ImportFileError);
  expect((refusal as Error).message).toMatch(/staff\.csv/);
  const failure = await runTask("imports/read", "nothing", csv(GOOD), { refused }).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(Error);
  expect((failure as Error).message).toBe("The worker has no task nothing.");
});

it("ends a task that is late with the caller's error", async () => {
  const late = await runTask("imports/read", "read", csv(GOOD), { refused, timeoutMs: 1, timedOut: () => new Error("late") }).catch(
    (error: unknown) => error,
  );
  expect((late as Error).message).toBe("late");
});

it("runs a session's tasks in turn in one thread, and no more threads at once than MAX_THREADS", async () => {
  const held = Array.from({ length: MAX_THREADS }, () => openWorker("imports/read"));
  const waiting = openWorker("imports/read");
  try {
    await Promise.all(held.map((session) => session.run("read", csv(GOOD), { refused })));
    const answer = waiting.run<ImportFile>("read", csv(GOOD), { refused });
    const first = await Promise.race([answer.then(() => "answered"), new Promise((resolve) => setTimeout(resolve, 1500, "waiting"))]);
    expect(first).toBe("waiting");
    held[0]!.close();
    expect((await answer).candidates).toHaveLength(2);
    // The same thread answers again.
    expect((await held[1]!.run<ImportFile>("read", csv(GOOD), { refused })).candidates).toHaveLength(2);
  } finally {
    for (const session of [...held, waiting]) session.close();
  }
});
