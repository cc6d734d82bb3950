/**
 * A job runner in a process of its own, for the test that kills one with SIGKILL mid-file:
 * `node --import tsx tests/helpers/job-worker.ts <postgres url> <lease seconds>` runs every due job, then exits.
 */
import { openDatabase } from "@/db/client";
import { registerEveryJobKind } from "@/lib/job-kinds/every-kind.server";
import { runPendingJobs } from "@/lib/jobs/runner.server";

async function main() {
  const [url, lease] = process.argv.slice(2);
  registerEveryJobKind();
  const handle = await openDatabase({ url: url!, migrate: false, max: 2 });
  await runPendingJobs(handle.db, { workerId: `child-${process.pid}`, leaseSeconds: Number(lease ?? 60) });
  await handle.close();
}

void main();
