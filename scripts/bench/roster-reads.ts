import type { Db } from "../../db/client";
import { queryCounter } from "../../db/client";
import { findAccountByUsername, insertSession } from "../../db/queries/auth";
import { checkInCalendar } from "../../db/queries/checkin";
import { authenticate } from "../../lib/auth/authenticate.server";
import { hashToken, newToken } from "../../lib/auth/tokens.server";
import { focusBlockOn } from "../../lib/checkin/rules";
import { checkInStatus } from "../../lib/checkin/service.server";
import { addDays, schoolToday } from "../../lib/time";

/** What the roster benches (bundle and REST pull) share: a teacher's check-in status read open-loop beside the import, and a timer. */
export const TIMEZONE = "America/Vancouver";

/**
 * A teacher's check-in status as GET /api/check-in/status does it (session look-up, then the status
 * statement), for the latest Focus Block day up to today (where the seeded plans and check-ins are).
 */
export async function statusReader(db: Db) {
  const account = (await findAccountByUsername(db, "teacher@demo.school"))!;
  const token = newToken();
  await insertSession(db, {
    user_id: account.user.id,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + 24 * 3600_000),
    user_agent: "bench",
  });
  const calendar = await checkInCalendar(db);
  let date = schoolToday(calendar.timezone ?? TIMEZONE, new Date());
  for (let i = 0; i < 60 && !focusBlockOn(calendar, date); i++) date = addDays(date, -1);
  const request = new Request("http://bench/api/check-in/status", {
    headers: { authorization: `Bearer ${token}` },
  });
  return async () => {
    const started = performance.now();
    const now = new Date();
    const user = await authenticate(db, request, now);
    const answer = await checkInStatus(db, user!, date, now);
    if (!answer.blocks.length) throw new Error(`no Focus Block on ${date}`);
    return performance.now() - started;
  };
}

/** A read is due this often, answered or not (many teachers' screens poll independently). */
export const READ_EVERY_MS = 20;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads the status open-loop: one read is due every READ_EVERY_MS whether or not the last has answered,
 * and each latency counts from when the read was due, so time the server's event loop spends blocked
 * (by the import, in the same process as in production) shows in every read it holds up, not only in
 * one. Until `until` settles, or for `ms` when it is null; the latencies.
 */
export async function readOpenLoop(read: () => Promise<unknown>, until: Promise<unknown> | null, ms = 0) {
  const samples: number[] = [];
  const inFlight: Promise<unknown>[] = [];
  let settled = false;
  void until?.then(
    () => (settled = true),
    () => (settled = true),
  );
  const start = performance.now();
  for (let i = 0; ; i++) {
    const due = start + i * READ_EVERY_MS;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (until ? settled : performance.now() - start >= ms) break;
    inFlight.push(read().then(() => samples.push(performance.now() - due)));
  }
  await Promise.all(inFlight);
  return samples;
}

export async function timed<T>(run: () => Promise<T>) {
  const statements = queryCounter.count;
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started, statements: queryCounter.count - statements };
}

