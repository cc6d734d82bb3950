/** @jest-environment node */
import { eq, inArray } from "drizzle-orm";
import { POST as checkInRoute } from "@/app/api/check-in/route";
import { setDatabaseForTests } from "@/db";
import { openDatabase, type DbHandle } from "@/db/client";
import { checkIns, students } from "@/db/schema";
import { ensureDefaultSettings } from "@/lib/settings/service.server";
import { createStudents } from "../helpers/bulk-factories";
import { createStaff, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { setSchoolYear } from "../helpers/schedule-factories";
import { createFocusBlock, TEST_TIMEZONE, weekdayDate, WEEKDAYS } from "../helpers/timetable-factories";
import {
  describeWithThrowawayPostgres,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from "../helpers/throwaway-postgres";

/**
 * PostgreSQL restarted in the middle of a stream of check-ins (a fast and an immediate restart of a
 * server of this test's own). Teachers submit like the check-in screen: a batch of scans, kept and
 * sent again after a 503. Asserts: no acknowledged scan is lost; during the outage requests fail fast
 * with 503 (never 500, never a hang); once the database is back every request succeeds; afterwards
 * every scan is stored exactly once.
 */
const WORKERS = 8;
const BATCH = 3;
/**
 * Each worker waits this long between submissions, as a teacher between batches: the stream is paced by
 * time, not by how fast the machine is, so it still runs when the database comes back (a quick machine
 * used up every number before the restart had finished).
 */
const PACE_MS = 200;
/** Once the database is back, a request slower than this is a hang (connect timeout 5 s, one retry). */
const HANG_MS = 12_000;
/** After the server accepts connections again, the pool has this long to notice. */
const SETTLE_MS = 1_500;

interface Answer {
  status: number;
  ms: number;
  startedAt: number;
  values: string[];
  acknowledged: string[];
}

describeWithThrowawayPostgres("check-ins while PostgreSQL restarts", () => {
  let server: ThrowawayPostgres;
  let handle: DbHandle;
  let token: string;
  let numbers: string[];
  const numberOf = new Map<number, string>();
  const date = weekdayDate(2);

  beforeAll(async () => {
    server = await startThrowawayPostgres();
    handle = await openDatabase({ url: server.url, max: 10 });
    setDatabaseForTests(handle);
    const db = handle.db;
    await ensureDefaultSettings(db, new Date(), { timezone: TEST_TIMEZONE });
    await setSchoolYear(db, 60, 60);
    await createFocusBlock(db, { days: WEEKDAYS });
    const teacher = await createStaff(db);
    token = await tokenFor(db, teacher);
    const created = await createStudents(db, 3000, { prefix: "77" });
    for (const student of created) numberOf.set(student.id, student.student_number);
    numbers = created.map((s) => s.student_number);
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    await server?.stop();
  }, 60_000);

  /** Runs the stream, restarts the server after `before` ms, and stops `after` ms after it is back. */
  async function stream(mode: "fast" | "immediate", pool: string[], before: number, after: number) {
    const answers: Answer[] = [];
    const queue = [...pool];
    let backAt = Infinity;
    let restartMs = 0;
    let stopAt = Infinity;
    const worker = async () => {
      let pending: string[] = [];
      while (Date.now() < stopAt) {
        if (pending.length === 0) pending = queue.splice(0, BATCH);
        if (pending.length === 0) break;
        const startedAt = Date.now();
        const answer = await call(checkInRoute, {
          token,
          path: "/api/check-in",
          body: { date, type: "student_number", chips: pending.map((value) => ({ value })) },
        });
        const ms = Date.now() - startedAt;
        const acknowledged =
          answer.status === 200
            ? [
                ...answer.body.success.map((s: { student: { id: number } }) => numberOf.get(s.student.id)!),
                ...answer.body.already_checked_in.map((a: { student: { id: number } }) =>
                  numberOf.get(a.student.id)!,
                ),
              ]
            : [];
        answers.push({ status: answer.status, ms, startedAt, values: pending, acknowledged });
        // Like the check-in screen: a 503 keeps the chips to send again; anything else clears them.
        if (answer.status !== 503) pending = [];
        await new Promise((resolve) => setTimeout(resolve, PACE_MS));
      }
      return pending;
    };
    const workers = Array.from({ length: WORKERS }, worker);
    await new Promise((resolve) => setTimeout(resolve, before));
    const restartAt = Date.now();
    restartMs = await server.restart(mode);
    backAt = Date.now();
    stopAt = backAt + after;
    const unsent = (await Promise.all(workers)).flat();
    return { answers, restartAt, backAt, restartMs, unsent };
  }

  async function stored(values: string[]) {
    const rows = await handle.db
      .select({ number: students.student_number, checkIn: checkIns.id })
      .from(checkIns)
      .innerJoin(students, eq(students.id, checkIns.student_id))
      .where(inArray(students.student_number, values));
    return rows.map((r) => r.number);
  }

  it.each([
    ["fast", 0],
    ["immediate", 1],
  ] as const)(
    "a %s restart loses no acknowledged scan, answers 503 (not 500, not a hang) while down and 200 once back",
    async (mode, round) => {
      const pool = numbers.slice(round * 1500, (round + 1) * 1500);
      const { answers, restartAt, backAt, restartMs, unsent } = await stream(mode, pool, 2_000, 4_000);
      const statuses = answers.reduce<Record<number, number>>(
        (count, a) => ({ ...count, [a.status]: (count[a.status] ?? 0) + 1 }),
        {},
      );
      const slowest = Math.max(...answers.map((a) => a.ms));
      const phase = (a: Answer) =>
        a.startedAt < restartAt ? "before" : a.startedAt < backAt ? "during" : "after";
      const slowestBy = answers.reduce<Record<string, number>>(
        (m, a) => ({ ...m, [phase(a)]: Math.max(m[phase(a)] ?? 0, a.ms) }),
        {},
      );
      console.log(
        `${mode} restart: pg_ctl ${Math.round(restartMs)} ms; answers ${JSON.stringify(statuses)}; ` +
          `slowest by start ${JSON.stringify(slowestBy)} ms`,
      );

      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(20);
      // Only 200 and 503: never a 500 (a fault) nor anything else.
      expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
      // No request hangs, even one caught by the outage (a client gives up after 30 s).
      expect(slowest).toBeLessThan(30_000);
      // Once the database is back (and the pool had a moment), every request succeeds.
      const late = answers.filter((a) => a.startedAt >= backAt + SETTLE_MS);
      expect(late.length).toBeGreaterThan(5);
      expect(late.filter((a) => a.status !== 200)).toEqual([]);
      expect(late.filter((a) => a.ms >= HANG_MS)).toEqual([]);

      // Every acknowledged scan is stored, once; every scan sent was either stored or is still pending.
      const acknowledged = answers.flatMap((a) => a.acknowledged);
      const sent = [...new Set(answers.flatMap((a) => a.values))];
      const rows = await stored(sent);
      expect(new Set(rows).size).toBe(rows.length);
      const storedSet = new Set(rows);
      expect(acknowledged.filter((value) => !storedSet.has(value))).toEqual([]);
      // A scan is acknowledged, or still kept by the screen when the stream stopped: none fell through.
      const accounted = new Set([...acknowledged, ...unsent]);
      expect(sent.filter((value) => !accounted.has(value))).toEqual([]);
    },
    120_000,
  );
});
