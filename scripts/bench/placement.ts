/**
 * Default placement speed (budget 2 s) on PostgreSQL with the large school: one date's placement run
 * (claim the run, one INSERT ... SELECT for every unscheduled student with a default teacher, record
 * the counts) for 2,000 students: ≤ 2 s. Timed in-process on five Focus Block dates beyond the seeded
 * plans (so nearly every student is placed); each date's run and plans are removed again afterwards.
 * Called by scripts/bench.ts.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { flexMeetings } from "../../db/queries/placement";
import { noBlockDates } from "../../db/queries/schedule";
import { placementRuns, plans } from "../../db/schema";
import { focusDays, placeDay } from "../../lib/placement/service.server";
import { schoolCalendarSettings } from "../../lib/settings/service.server";
import { addDays, schoolToday } from "../../lib/core/time";
import { summarize, type BenchFigure } from "./harness";

export async function benchPlacement(context: { db: Db }): Promise<BenchFigure[]> {
  const { db } = context;
  const calendar = await schoolCalendarSettings(db);
  const today = schoolToday(calendar.timezone, new Date());
  // Five weeks ahead: past the seeded plans, inside the school year the bench stretched.
  const [from, to] = [addDays(today, 35), addDays(today, 70)];
  const meetings = await flexMeetings(db, from, to);
  const noBlocks = await noBlockDates(db, from, to);
  const days = focusDays(meetings, { ...calendar, noBlockDates: noBlocks }, { kind: "time", time: "08:00" }, from, to).slice(0, 5);
  if (days.length === 0) throw new Error("No Focus Block dates five weeks ahead inside the school year.");
  const samples: number[] = [];
  let placed = 0;
  for (const day of days) {
    await db.delete(placementRuns).where(eq(placementRuns.date, day.date));
    const started = performance.now();
    const result = await placeDay(db, day);
    samples.push(performance.now() - started);
    placed = Math.max(placed, result?.placed ?? 0);
    await db.delete(plans).where(and(eq(plans.date, day.date), eq(plans.source, "placed")));
    await db.delete(placementRuns).where(inArray(placementRuns.date, [day.date]));
  }
  return [
    {
      name: `placement run, one date (${placed} students placed)`,
      budgetMs: 2000,
      budgetOn: "max",
      ...summarize(samples),
    },
  ];
}
