/** @jest-environment node */
import { eq, inArray } from "drizzle-orm";
import { authThrottle, checkInSubmissions, jobs } from "@/db/schema";
import { pruneOldRows } from "@/lib/jobs/prune";
import { enqueueRecurringJobs, runPendingJobs, startJobRunner } from "@/lib/jobs/runner";
import { useTestDb } from "../helpers/db";
import { createStaff } from "../helpers/factories";

/**
 * Housekeeping by the job runner: the recurring "prune" job deletes idempotent check-in submission
 * answers older than a week and sign-in/Air Check-in throttle rows idle for a day; recent rows stay.
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
  expect(counts).toEqual({ check_in_submissions: 1, auth_throttle: 2 });
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
  try {
    for (let i = 0; i < 100 && (await throttleLeft(300)).length > 2; i++) await new Promise((r) => setTimeout(r, 50));
  } finally {
    await runner.stop();
  }
  expect(await throttleLeft(300)).toEqual(["air-code:student:recent-300", "login:user:locked-now-300"]);
  expect(await submissionsLeft(300)).toEqual([uuid(302), uuid(303)]);
  const pruneJobs = await state.db.select().from(jobs).where(eq(jobs.kind, "prune"));
  expect(pruneJobs.map((j) => j.status)).toEqual(["succeeded", "succeeded"]);
});
