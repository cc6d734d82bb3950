/**
 * Check-in speed (docs/benchmarks.md#budgets): a 500-number check-in (budget 200 ms) and the status read at 50
 * concurrent clients (budget p95 40 ms), on PostgreSQL with a large school.
 *
 * Called by scripts/bench.ts (`npm run bench`) against the running server.
 */
import { and, eq, gte, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { drive, summarize, timeSequential, type BenchFigure } from "./harness";

export interface CheckInBenchContext {
  /** The running server, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** A bearer token of a teacher with plans and check-ins (teacher@demo.school). */
  token: string;
  db: Db;
  /** Concurrent clients for the status read (default 50) and seconds to run it (default 10). */
  connections?: number;
  seconds?: number;
  /** A signed-in route that does nothing, run the same way as a reference (standalone mode serves one). */
  referenceUrl?: string;
}

/** Runs the check-in benchmarks against a running server; leaves the data as it found it. */
export async function benchCheckIn(context: CheckInBenchContext): Promise<BenchFigure[]> {
  const { checkIns, sessions, students } = await import("../../db/schema");
  const { checkInCalendar } = await import("../../db/queries/checkin");
  const { findAccountByUserId } = await import("../../db/queries/auth");
  const { roleOf } = await import("../../lib/auth/principal");
  const { hashToken } = await import("../../lib/auth/tokens.server");
  const { checkIn, checkInStatus } = await import("../../lib/checkin/service.server");
  const { focusBlockOn } = await import("../../lib/checkin/rules");
  const { addDays, schoolInstant, schoolToday } = await import("../../lib/core/time");
  const { db, baseUrl, token } = context;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };

  const calendar = await checkInCalendar(db);
  const timezone = calendar.timezone ?? "UTC";
  const today = schoolToday(timezone, new Date());
  const focusDays = (from: string, step: 1 | -1, count: number) => {
    const found: string[] = [];
    for (let d = from; found.length < count; d = addDays(d, step))
      if (focusBlockOn(calendar, d)) found.push(d);
    return found;
  };
  // The status read: the latest Focus Block day up to today (plans and check-ins exist for it).
  const [statusDate] = focusDays(today, -1, 1);
  // The check-ins: Focus Block days from four weeks ahead (no ledger rows yet), 4 batches of 500 a day.
  const checkInDates = focusDays(addDays(today, 28), 1, 3);
  const numbers = (await db.select({ n: students.student_number }).from(students).orderBy(students.id)).map(
    (r) => r.n,
  );
  const [session] = await db
    .select({ user_id: sessions.user_id })
    .from(sessions)
    .where(eq(sessions.token_hash, hashToken(token)));
  const account = (await findAccountByUserId(db, session!.user_id))!;
  const principal = { ...account, role: roleOf(account), sessionId: 0 };
  const started = new Date();

  const cleanUp = () =>
    db
      .delete(checkIns)
      .where(
        and(
          inArray(checkIns.date, checkInDates),
          eq(checkIns.checked_in_by, account.user.id),
          gte(checkIns.created_at, started),
        ),
      );

  try {
    // 1. A 500-number check-in over HTTP, a fresh batch of students each time.
    const batches: { date: string; chips: { value: string; timestamp: string }[] }[] = [];
    for (const date of checkInDates) {
      const stamp = schoolInstant(date, "09:30", timezone).toISOString();
      for (let start = 0; start + 500 <= numbers.length; start += 500) {
        batches.push({
          date,
          chips: numbers.slice(start, start + 500).map((value) => ({ value, timestamp: stamp })),
        });
      }
    }
    const floorBatch = batches.pop()!; // kept for the in-process floor
    const postTimes: number[] = [];
    for (const batch of batches) {
      const t0 = performance.now();
      const response = await fetch(`${baseUrl}/api/check-in`, {
        method: "POST",
        headers,
        body: JSON.stringify({ chips: batch.chips, type: "student_number", date: batch.date }),
      });
      const body = (await response.json()) as { success?: unknown[] };
      postTimes.push(performance.now() - t0);
      if (response.status !== 200 || body.success?.length !== 500) {
        throw new Error(`check-in answered ${response.status} with ${body.success?.length} successes`);
      }
    }
    const t0 = performance.now();
    await checkIn(
      db,
      principal,
      {
        chips: floorBatch.chips.map((c) => ({ value: c.value, timestamp: new Date(c.timestamp) })),
        type: "student_number",
        date: floorBatch.date,
      },
      new Date(),
    );
    const postFloor = performance.now() - t0;

    // 2. The status read at 50 concurrent clients.
    const statusUrl = `${baseUrl}/api/check-in/status/${statusDate}`;
    const probe = await fetch(statusUrl, { headers });
    const status = (await probe.json()) as { blocks: { planned: unknown[]; ledger_entries: unknown[] }[] };
    if (probe.status !== 200) throw new Error(`status answered ${probe.status}`);
    const connections = context.connections ?? 50;
    const seconds = context.seconds ?? 10;
    const read = await drive(statusUrl, { token, connections, seconds });
    const floor = await timeSequential(() => checkInStatus(db, principal, statusDate, new Date()), 200);
    const [entry] = status.blocks;
    // What the same harness gives for a signed-in route doing nothing: the floor of this machine.
    const reference = context.referenceUrl
      ? await drive(context.referenceUrl, { token, connections, seconds })
      : null;
    return [
      {
        name: `POST /api/check-in, 500 numbers (${postTimes.length} runs)`,
        budgetMs: 200,
        budgetOn: "p95",
        ...summarize(postTimes),
        floorP50: postFloor,
      },
      {
        name: `GET /api/check-in/status/{date}, ${connections} clients (${entry?.planned.length ?? 0} planned, ${entry?.ledger_entries.length ?? 0} checked in)`,
        budgetMs: 40,
        budgetOn: "p95",
        ...read,
        floorP50: floor.p50,
      },
      ...(reference
        ? [
            {
              name: `reference: a signed-in no-op route, ${connections} clients`,
              budgetMs: null,
              budgetOn: "p95" as const,
              ...reference,
            },
          ]
        : []),
    ];
  } finally {
    await cleanUp();
  }
}
