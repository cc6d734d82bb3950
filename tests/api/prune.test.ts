/** @jest-environment node */
import { eq, inArray } from "drizzle-orm";
import { importWithUploader, insertImport } from "@/db/queries/imports";
import { insertUpload } from "@/db/queries/uploads";
import { authThrottle, checkInSubmissions, importPasswords, jobs } from "@/db/schema";
import { pruneOldRows } from "@/lib/jobs/prune.server";
import { enqueueRecurringJobs, runPendingJobs, startJobRunner } from "@/lib/jobs/runner.server";
import { useTestDb } from "../helpers/db";
import { createStaff } from "../helpers/factories";

/**
 * Housekeeping by the job runner: the recurring "prune" job deletes idempotent check-in submission
 * answers older than a week, sign-in/Air Check-in throttle rows idle for a day and jobs that ended more
 * than 30 days ago (but not an import's); recent rows and unfinished jobs stay.
 */
const state = useTestDb();
const HOUR = 60 * 60 * 1000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

let userId: number;
beforeAll(async () => {
  userId = (await createStaff(state.db)).user.id;
});

async function arrange(base: number) {
  await state.db.insert(checkInSubmissions).values([
    { id: uuid(base + 1), user_id: userId, response: { success: [] }, created_at: ago(8 * 24) },
    { id: uuid(base + 2), user_id: userId, response: { success: [] }, created_at: ago(6 * 24) },
    { id: uuid(base + 3), user_id: userId, response: null, created_at: ago(1) },
  ]);
  await state.db.insert(authThrottle).values([
    { key: `login:address:drained-${base}`, level: 3, since: ago(30) },
    { key: `login:user:locked-long-ago-${base}`, level: 10, since: ago(50), locked_until: ago(49) },
    { key: `login:user:locked-now-${base}`, level: 10, since: ago(25), locked_until: ago(-0.25) },
    { key: `air-code:student:recent-${base}`, level: 5, since: ago(0.1) },
  ]);
}
const submissionsLeft = async (base: number) =>
  (
    await state.db
      .select({ id: checkInSubmissions.id })
      .from(checkInSubmissions)
      .where(inArray(checkInSubmissions.id, [1, 2, 3].map((n) => uuid(base + n))))
  )
    .map((row) => row.id)
    .sort();
const throttleLeft = async (base: number) =>
  (await state.db.select({ key: authThrottle.key }).from(authThrottle))
    .map((row) => row.key)
    .filter((key) => key.endsWith(`-${base}`))
    .sort();

it("deletes submissions older than a week and throttle rows idle for a day; keeps the rest", async () => {
  await arrange(100);
  const counts = await pruneOldRows(state.db, new Date());
  expect(counts).toEqual({ check_in_submissions: 1, auth_throttle: 2, jobs: 0, import_passwords: 0, data_commits: expect.any(Number) });
  expect(await submissionsLeft(100)).toEqual([uuid(102), uuid(103)]);
  expect(await throttleLeft(100)).toEqual(["air-code:student:recent-100", "login:user:locked-now-100"]);
});

it("is a recurring job: enqueued when due, once, and run by the job runner", async () => {
  await arrange(200);
  const [id] = await enqueueRecurringJobs(state.db);
  expect(id).toEqual(expect.any(Number));
  // Queued already (and then: made within the hour): not enqueued again.
  expect(await enqueueRecurringJobs(state.db)).toEqual([]);
  expect(await runPendingJobs(state.db)).toBe(1);
  const [job] = await state.db.select().from(jobs).where(eq(jobs.id, id!));
  expect(job).toMatchObject({ kind: "prune", status: "succeeded", result: { check_in_submissions: 1, auth_throttle: 2 } });
  expect(await submissionsLeft(200)).toEqual([uuid(202), uuid(203)]);
  expect(await enqueueRecurringJobs(state.db)).toEqual([]);

  // An hour later it is due again; the server's runner loop enqueues and runs it by itself.
  await state.db.update(jobs).set({ created_at: ago(1.1) }).where(eq(jobs.id, id!));
  await arrange(300);
  const runner = startJobRunner(async () => state.db, { pollMs: 50 });
  // Until the job has ended, not merely deleted the rows: a stop while it runs hands it back (queued).
  const succeeded = async () =>
    (await state.db.select().from(jobs).where(eq(jobs.kind, "prune"))).filter((j) => j.status === "succeeded").length;
  try {
    for (let i = 0; i < 100 && (await succeeded()) < 2; i++) await new Promise((r) => setTimeout(r, 50));
  } finally {
    await runner.stop();
  }
  expect(await throttleLeft(300)).toEqual(["air-code:student:recent-300", "login:user:locked-now-300"]);
  expect(await submissionsLeft(300)).toEqual([uuid(302), uuid(303)]);
  const pruneJobs = await state.db.select().from(jobs).where(eq(jobs.kind, "prune"));
  expect(pruneJobs.map((j) => j.status)).toEqual(["succeeded", "succeeded"]);
});

it("deletes jobs that ended more than 30 days ago; keeps recent, unfinished and imports' jobs", async () => {
  const job = (name: string, values: Partial<typeof jobs.$inferInsert>) =>
    state.db
      .insert(jobs)
      .values({ kind: "prune", payload: { name }, created_at: ago(40 * 24), ...values })
      .returning({ id: jobs.id })
      .then(([row]) => row!.id);
  const ids = {
    oldSucceeded: await job("old succeeded", { status: "succeeded", finished_at: ago(31 * 24) }),
    oldFailed: await job("old failed", { status: "failed", finished_at: ago(31 * 24), error: "boom" }),
    recentSucceeded: await job("recent succeeded", { status: "succeeded", finished_at: ago(29 * 24) }),
    recentFailed: await job("recent failed", { status: "failed", finished_at: ago(1) }),
    oldQueued: await job("old queued", { status: "queued", run_after: ago(40 * 24) }),
    oldRunning: await job("old running", { status: "running", started_at: ago(40 * 24), locked_until: ago(-0.1) }),
    oldImport: await job("old import", { kind: "import", status: "failed", finished_at: ago(90 * 24), progress_done: 1200 }),
  };
  const file = await insertUpload(state.db, {
    kind: "students_csv",
    filename: "roster.csv",
    content_type: "text/csv",
    size: 0,
    data: Buffer.alloc(0),
    uploaded_by: userId,
  });
  const imported = await insertImport(state.db, {
    kind: "students",
    upload_id: file.id,
    filename: "roster.csv",
    headers: [],
    uploaded_by: userId,
    status: "failed",
    job_id: ids.oldImport,
  });

  const counts = await pruneOldRows(state.db, new Date());
  expect(counts.jobs).toBe(2);
  const left = await state.db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, Object.values(ids)));
  expect(left.map((row) => row.id).sort((a, b) => a - b)).toEqual(
    [ids.recentSucceeded, ids.recentFailed, ids.oldQueued, ids.oldRunning, ids.oldImport].sort((a, b) => a - b),
  );
  // The import's report still reads its job (how far the failed import got).
  const report = await importWithUploader(state.db, imported.id);
  expect(report).toMatchObject({ import: { job_id: ids.oldImport }, done: 1200 });
});

it("deletes an import's initial passwords once their 24 hours are over, though nobody opens its report", async () => {
  async function importWithPasswords(name: string, passwordsUntil: Date | null) {
    const file = await insertUpload(state.db, {
      kind: "students_csv",
      filename: name,
      content_type: "text/csv",
      size: 0,
      data: Buffer.alloc(0),
      uploaded_by: userId,
    });
    const row = await insertImport(state.db, {
      kind: "students",
      upload_id: file.id,
      filename: name,
      headers: [],
      uploaded_by: userId,
      status: passwordsUntil ? "done" : "running",
      passwords_until: passwordsUntil,
    });
    await state.db.insert(importPasswords).values(
      [1, 2].map((n) => ({ import_id: row.id, row_number: n, username: `${row.id}0${n}`, name: "A B", password: "x" })),
    );
    return row.id;
  }
  const expired = await importWithPasswords("expired.csv", ago(1));
  const open = await importWithPasswords("open.csv", ago(-23));
  const running = await importWithPasswords("running.csv", null);

  const counts = await pruneOldRows(state.db, new Date());
  expect(counts.import_passwords).toBe(2);
  const left = await state.db
    .select({ import_id: importPasswords.import_id })
    .from(importPasswords)
    .where(inArray(importPasswords.import_id, [expired, open, running]));
  expect(left.map((row) => row.import_id).sort((a, b) => a - b)).toEqual([open, open, running, running]);
});
