/** @jest-environment node */
import { spawn } from "node:child_process";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { queryCounter } from "@/db/client";
import { claimJob, findJob } from "@/db/queries/jobs";
import { auditLog, importRows, imports, jobs, notifications, students, uploads } from "@/db/schema";
import { insertImport } from "@/db/queries/imports";
import { insertUpload } from "@/db/queries/uploads";
import { IMPORT_BATCH_ROWS } from "@/lib/imports/job.server";
import { enqueueJob } from "@/lib/jobs/queue.server";
import { runClaimedJob, runPendingJobs } from "@/lib/jobs/runner.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, tokenFor } from "../helpers/factories";
import { csvFile, studentRows, upload } from "../helpers/imports";

const state = useTestDb();
let token: string;
let adminUserId: number;

beforeAll(async () => {
  const admin = await createAdmin(state.db);
  adminUserId = admin.user.id;
  token = await tokenFor(state.db, admin);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function queueImport(rows: number, first: number) {
  const res = await upload({ token, file: csvFile(studentRows(rows, first), `roster-${first}.csv`) });
  expect(res.status).toBe(202);
  return { jobId: res.body.job_id as number, importId: res.body.import_id as number };
}

/** The lease ran out (the worker's heartbeat stopped when it died). */
const expireLease = (jobId: number) =>
  state.db
    .update(jobs)
    .set({ locked_until: sql`now() - interval '1 second'` })
    .where(eq(jobs.id, jobId));

async function expectImportedOnce(importId: number, rows: number, first: number) {
  const numbers = Array.from({ length: rows }, (_, i) => String(first + i));
  const created = await state.db
    .select({ n: students.student_number })
    .from(students)
    .where(sql`${students.student_number} in ${numbers}`);
  expect(created).toHaveLength(rows);
  const outcomes = await state.db.select().from(importRows).where(eq(importRows.import_id, importId));
  expect(outcomes).toHaveLength(rows);
  expect(new Set(outcomes.map((r) => r.row_number)).size).toBe(rows);
  expect(outcomes.every((r) => r.outcome === "created")).toBe(true);
  const [row] = await state.db.select().from(imports).where(eq(imports.id, importId));
  expect(row).toMatchObject({ status: "done", created_count: rows, skipped_count: 0, unchanged_count: 0 });
  const messages = await state.db
    .select()
    .from(notifications)
    .where(eq(notifications.link, `/imports/${importId}`));
  expect(messages).toHaveLength(1);
  const audits = await state.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.details}->>'import_id' = ${String(importId)}`);
  expect(audits.filter((a) => a.action === "import.students")).toHaveLength(1);
}

describe("the job runner", () => {
  // A real crash: the worker is a process of its own, killed with SIGKILL while it writes a file.
  // PostgreSQL only (an in-memory PGlite cannot be shared with another process).
  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
  onPostgres(
    "finishes a file exactly once after its worker process is killed with SIGKILL",
    async () => {
      const rows = IMPORT_BATCH_ROWS * 30;
      const { jobId, importId } = await queueImport(rows, 6_000_000);
      const [{ name }] = (await state.db.execute(sql`select current_database() as name`)) as unknown as {
        name: string;
      }[];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      // node itself (tsx as a loader), so that the signal reaches the process that holds the job.
      const worker = spawn(
        process.execPath,
        [
          "--conditions=react-server",
          "--import",
          "tsx",
          path.join(process.cwd(), "tests/helpers/job-worker.ts"),
          url.toString(),
          "3",
        ],
        { stdio: "ignore", env: { ...process.env, NODE_OPTIONS: "" } },
      );
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      for (;;) {
        const job = (await findJob(state.db, jobId))!;
        if (job.progress_done > 0) break;
        expect(job.status).not.toBe("succeeded");
        await sleep(20);
      }
      worker.kill("SIGKILL");
      await exited;

      const dead = (await findJob(state.db, jobId))!;
      expect(dead.status).toBe("running");
      expect(dead.progress_done).toBeLessThan(rows);
      // Its open transaction died with it: what is written matches the recorded progress.
      const written = await state.db.select().from(importRows).where(eq(importRows.import_id, importId));
      expect(written).toHaveLength(dead.progress_done);
      expect(await runPendingJobs(state.db, { workerId: "restarted" })).toBe(0); // its lease still holds
      await sleep(3500); // the lease runs out (no heartbeat from a dead process)
      expect(await runPendingJobs(state.db, { workerId: "restarted" })).toBe(1);
      expect(await findJob(state.db, jobId)).toMatchObject({
        status: "succeeded",
        attempts: 2,
        progress_done: rows,
      });
      await expectImportedOnce(importId, rows, 6_000_000);
    },
    120_000,
  );

  it("finishes a file exactly once when its worker is killed mid-file and another restarts it", async () => {
    const rows = IMPORT_BATCH_ROWS * 6;
    const { jobId, importId } = await queueImport(rows, 7_000_000);

    const kill = new AbortController();
    const running = runPendingJobs(state.db, { workerId: "doomed", killSignal: kill.signal });
    // Kill it as soon as some, but not all, batches are in.
    for (;;) {
      const job = await findJob(state.db, jobId);
      if (job!.progress_done > 0) break;
      await sleep(5);
    }
    kill.abort();
    await running;

    const dead = (await findJob(state.db, jobId))!;
    expect(dead).toMatchObject({ status: "running", locked_by: "doomed", attempts: 1 });
    expect(dead.progress_done).toBeGreaterThan(0);
    expect(dead.progress_done).toBeLessThan(rows);
    // Whole batches only: what is written matches the recorded progress.
    const written = await state.db.select().from(importRows).where(eq(importRows.import_id, importId));
    expect(written).toHaveLength(dead.progress_done);

    // While the dead worker's lease holds, nobody else may take the job (never twice at once).
    expect(await runPendingJobs(state.db, { workerId: "restarted" })).toBe(0);
    await expireLease(jobId);
    expect(await runPendingJobs(state.db, { workerId: "restarted" })).toBe(1);

    const done = (await findJob(state.db, jobId))!;
    expect(done).toMatchObject({
      status: "succeeded",
      attempts: 2,
      progress_done: rows,
      progress_total: rows,
      locked_by: null,
    });
    await expectImportedOnce(importId, rows, 7_000_000);
  });

  it("gives a job to one of several workers claiming at the same moment", async () => {
    const { jobId } = await queueImport(1, 7_050_000);
    const claims = await Promise.all(
      Array.from({ length: 4 }, (_, i) => claimJob(state.db, `instance-${i}`, 60, ["import"])),
    );
    const winners = claims.filter((job) => job !== undefined);
    expect(winners.map((job) => job!.id)).toEqual([jobId]);
    await runClaimedJob(state.db, winners[0]!);
    expect((await findJob(state.db, jobId))!.status).toBe("succeeded");
  });

  it("rolls back the writes of a worker that lost its job to another (a fenced zombie)", async () => {
    const rows = IMPORT_BATCH_ROWS * 2;
    const { jobId, importId } = await queueImport(rows, 7_100_000);
    const zombie = (await claimJob(state.db, "zombie", 60, ["import"]))!;
    expect(zombie.id).toBe(jobId);
    await expireLease(jobId);
    const successor = (await claimJob(state.db, "successor", 60, ["import"]))!;
    expect(successor.attempts).toBe(2);

    // The zombie wakes up and tries to work: its first batch fails the fence and rolls back.
    await runClaimedJob(state.db, zombie);
    expect(await state.db.select().from(importRows).where(eq(importRows.import_id, importId))).toHaveLength(
      0,
    );
    expect((await findJob(state.db, jobId))!.locked_by).toBe("successor");

    await runClaimedJob(state.db, successor);
    await expectImportedOnce(importId, rows, 7_100_000);
  });

  it("hands a job back on a clean stop, without counting the attempt, and resumes it", async () => {
    const rows = IMPORT_BATCH_ROWS * 4;
    const { jobId, importId } = await queueImport(rows, 7_200_000);
    const stop = new AbortController();
    const running = runPendingJobs(state.db, { stopSignal: stop.signal });
    for (;;) {
      if ((await findJob(state.db, jobId))!.progress_done > 0) break;
      await sleep(5);
    }
    stop.abort();
    await running;
    const released = (await findJob(state.db, jobId))!;
    expect(released).toMatchObject({ status: "queued", locked_until: null, attempts: 1, max_attempts: 4 });
    expect(await runPendingJobs(state.db)).toBe(1);
    await expectImportedOnce(importId, rows, 7_200_000);
  });

  it("retries a failing job with back-off, then gives up and tells the uploader", async () => {
    const file = await insertUpload(state.db, {
      kind: "students_csv",
      filename: "broken.csv",
      content_type: "text/csv",
      size: 3,
      data: Buffer.from("a,b"),
      uploaded_by: adminUserId,
    });
    const row = await insertImport(state.db, {
      kind: "students",
      upload_id: file.id,
      filename: "broken.csv",
      headers: ["first_name", "last_name", "grade", "student_number"],
      uploaded_by: adminUserId,
    });
    // Field names that are JSON null make the job itself throw: a fault, not a bad file.
    await state.db
      .update(imports)
      .set({ headers: sql`'null'::jsonb` })
      .where(eq(imports.id, row.id));
    const job = await enqueueJob(state.db, "import", { import_id: row.id }, { createdBy: adminUserId });

    expect(await runPendingJobs(state.db)).toBe(1);
    let failed = (await findJob(state.db, job.id))!;
    expect(failed).toMatchObject({ status: "queued", attempts: 1 });
    expect(failed.error).toBeTruthy();
    expect(failed.run_after.getTime()).toBeGreaterThan(Date.now());
    expect(await runPendingJobs(state.db)).toBe(0); // not before its back-off

    for (let attempt = 2; attempt <= 3; attempt++) {
      await state.db
        .update(jobs)
        .set({ run_after: sql`now()` })
        .where(eq(jobs.id, job.id));
      expect(await runPendingJobs(state.db)).toBe(1);
    }
    failed = (await findJob(state.db, job.id))!;
    expect(failed).toMatchObject({ status: "failed", attempts: 3 });
    const [importRow] = await state.db.select().from(imports).where(eq(imports.id, row.id));
    expect(importRow!.status).toBe("failed");
    const [message] = await state.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/imports/${row.id}`));
    expect(message!.body).toMatch(/^Could not finish processing broken\.csv/);
  });

  it("gives up a job whose workers keep dying", async () => {
    const { jobId, importId } = await queueImport(1, 7_300_000);
    for (let i = 0; i < 3; i++) {
      await claimJob(state.db, `dies-${i}`, 60, ["import"]);
      await expireLease(jobId);
    }
    expect(await runPendingJobs(state.db)).toBe(1);
    expect((await findJob(state.db, jobId))!.status).toBe("failed");
    expect((await state.db.select().from(imports).where(eq(imports.id, importId)))[0]!.status).toBe("failed");
  });

  it("writes each batch with the same number of statements, whatever its size", async () => {
    const statements = async (rows: number, first: number) => {
      await queueImport(rows, first);
      queryCounter.count = 0;
      await runPendingJobs(state.db);
      return queryCounter.count;
    };
    const one = await statements(1, 7_400_000);
    const full = await statements(IMPORT_BATCH_ROWS, 7_500_000);
    const three = await statements(IMPORT_BATCH_ROWS * 3, 7_600_000);
    expect(full).toBe(one);
    const perBatch = (three - full) / 2;
    expect(perBatch).toBeLessThanOrEqual(12);
  });

  it("imports the rows the upload read, without reading the file again, and discards them at the end", async () => {
    const { importId } = await queueImport(3, 7_700_000);
    const fileOf = () =>
      state.db
        .select({ data: uploads.data, result: uploads.result })
        .from(uploads)
        .innerJoin(imports, eq(imports.upload_id, uploads.id))
        .where(eq(imports.id, importId));
    expect((await fileOf())[0]!.result).toMatchObject({ candidates: expect.any(Array) });
    // Bytes that no longer parse: the job must not need them.
    await state.db
      .update(uploads)
      .set({ data: Buffer.from('"unclosed') })
      .where(sql`${uploads.id} = (select upload_id from imports where id = ${importId})`);
    expect(await runPendingJobs(state.db)).toBe(1);
    await expectImportedOnce(importId, 3, 7_700_000);
    expect((await fileOf())[0]).toMatchObject({ result: null, data: Buffer.alloc(0) });
  });

  it("reads the file of an import queued before its rows were kept", async () => {
    const { importId } = await queueImport(2, 7_800_000);
    await state.db
      .update(uploads)
      .set({ result: null })
      .where(sql`${uploads.id} = (select upload_id from imports where id = ${importId})`);
    expect(await runPendingJobs(state.db)).toBe(1);
    await expectImportedOnce(importId, 2, 7_800_000);
  });
});
