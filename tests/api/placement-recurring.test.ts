/** @jest-environment node */
import { eq, sql } from "drizzle-orm";
import { PUT as putSettings } from "@/app/api/settings/route";
import { queryCounter } from "@/db/client";
import { jobs, placementRuns, plans } from "@/db/schema";
import { placementJob } from "@/lib/placement/job.server";
import { enqueueRecurringJobs, runPendingJobs, startJobRunner } from "@/lib/jobs/runner.server";
import { addDays, dayOfWeek, schoolInstant } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createWeekTimetable, setSetting } from "../helpers/schedule-factories";
import { TEST_TIMEZONE, testToday } from "../helpers/timetable-factories";

/**
 * Default placement is started by the job runner's recurring check (the "placement" kind's isDue), not
 * by a timer of its own: off, the check costs one statement and queues nothing; on, it queues one job
 * when a cutoff has passed, never before, catches up what was missed while no runner ran, and answers
 * at once when the cutoff setting changes.
 */
const state = useTestDb();
const at = (date: string, time: string) => schoolInstant(date, time, TEST_TIMEZONE);

let adminToken = "";
beforeAll(async () => {
  const db = state.db;
  await createWeekTimetable(db); // a Focus Block Monday to Friday, a school year around today
  const homeroom = await createStaff(db);
  for (const name of ["Aa", "Bb", "Cc"]) {
    await createStudent(db, { first_name: "Student", last_name: name, default_teacher_id: homeroom.staff.id });
  }
  adminToken = await tokenFor(db, await createAdmin(db));
});

const placementJobs = () => state.db.select().from(jobs).where(eq(jobs.kind, "placement")).orderBy(jobs.id);
const runDates = async () => (await state.db.select().from(placementRuns)).map((r) => r.date).sort();
const forgetPlacement = async () => {
  await state.db.delete(plans).where(eq(plans.source, "placed"));
  await state.db.delete(placementRuns).where(sql`true`);
};
/** The first Focus Block day (Monday to Friday) from today on that has no run yet. */
async function nextUnplacedDay() {
  const done = new Set(await runDates());
  let date = testToday();
  while ([0, 6].includes(dayOfWeek(date)) || done.has(date)) date = addDays(date, 1);
  return date;
}
async function until(condition: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 25));
}
/** Waits until there are `count` placement jobs and all have ended. */
const jobsEnded = (count: number) =>
  until(async () => {
    const all = await placementJobs();
    return all.length === count && all.every((j) => j.status === "succeeded" || j.status === "failed");
  });

it("costs a school with placement off one statement per check, and queues nothing", async () => {
  await setSetting(state.db, "placement_cutoff", "");
  await placementJob.isDue!(state.db, new Date()); // modules and prepared statements
  const before = queryCounter.count;
  expect(await placementJob.isDue!(state.db, new Date())).toBe(false);
  expect(queryCounter.count - before).toBe(1);
  await enqueueRecurringJobs(state.db);
  expect(await placementJobs()).toEqual([]);
});

it("queues one job when cutoffs have passed; the job places each missed date once and never one before its cutoff", async () => {
  await setSetting(state.db, "placement_cutoff", "08:00");
  const now = new Date();
  const made = await enqueueRecurringJobs(state.db, now);
  const queued = await placementJobs();
  expect(queued).toHaveLength(1);
  expect(made).toContain(queued[0]!.id);
  // Queued already: a second check (or a second instance) queues no other.
  await enqueueRecurringJobs(state.db, now);
  expect(await placementJobs()).toHaveLength(1);

  await runPendingJobs(state.db);
  const [job] = await placementJobs();
  expect(job).toMatchObject({ status: "succeeded" });
  const dates = await runDates();
  // Catch-up: the last two weeks' school days whose 08:00 has passed, each once.
  expect(dates.length).toBeGreaterThanOrEqual(9);
  expect(new Set(dates).size).toBe(dates.length);
  for (const date of dates) expect(at(date, "08:00").getTime()).toBeLessThanOrEqual(Date.now());
  expect((job!.result as { dates: number }).dates).toBe(dates.length);

  // Nothing is due any more: the next checks queue nothing.
  expect(await placementJob.isDue!(state.db, new Date())).toBe(false);
  await enqueueRecurringJobs(state.db);
  expect(await placementJobs()).toHaveLength(1);
});

it("is due at the next date's cutoff, not a minute before", async () => {
  const next = await nextUnplacedDay();
  expect(await placementJob.isDue!(state.db, at(next, "07:59"))).toBe(false);
  expect(await placementJob.isDue!(state.db, at(next, "08:00"))).toBe(true);
});

it("catches up at the runner's start what was missed while no runner ran, with no timer of its own", async () => {
  await forgetPlacement();
  const runner = startJobRunner(async () => state.db, { pollMs: 25, recurringCheckMs: 3_600_000 });
  try {
    await jobsEnded(2);
  } finally {
    await runner.stop();
  }
  expect((await runDates()).length).toBeGreaterThanOrEqual(9);
  expect(await placementJobs()).toHaveLength(2);
});

it("checks at once when an administrator changes the cutoff", async () => {
  await setSetting(state.db, "placement_cutoff", "");
  await forgetPlacement();
  // The runner's own checks are an hour apart here: only the start's check and the setting's nudge count.
  const runner = startJobRunner(async () => state.db, { pollMs: 25, recurringCheckMs: 3_600_000 });
  try {
    await new Promise((r) => setTimeout(r, 200)); // the start's check: placement is off
    expect(await runDates()).toEqual([]);
    const saved = await call(putSettings, {
      token: adminToken,
      method: "PUT",
      body: { values: { placement_cutoff: "08:00" } },
    });
    expect(saved.status).toBe(200);
    await jobsEnded(3);
  } finally {
    await runner.stop();
  }
  expect((await runDates()).length).toBeGreaterThanOrEqual(9);
  expect((await placementJobs()).map((j) => j.status)).toEqual(["succeeded", "succeeded", "succeeded"]);
});
