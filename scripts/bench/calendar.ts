/**
 * Regenerating the school calendar (docs/benchmarks.md#budgets): a whole year of school days (a Day 1 /
 * Day 2 rotation, ten blocks a day) written after a timetable change, ≤ 1 s on PostgreSQL. Timed
 * in-process, five times, each inside a transaction that is rolled back, so the bench school is left
 * as it was. Called by scripts/bench.ts.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blocks, schoolDays, timetableMeetings, timetables } from "../../db/schema";
import { regenerateSchoolDays } from "../../lib/calendar/regenerate.server";
import { summarize, type BenchFigure } from "./harness";

class RollBack extends Error {}

const BLOCKS_PER_DAY = 10;

export async function benchCalendar(context: { db: Db }): Promise<BenchFigure[]> {
  const samples: number[] = [];
  let written = { days: 0, occurrences: 0 };
  for (let run = 0; run < 5; run++) {
    try {
      await context.db.transaction(async (tx) => {
        const [year] = await tx.execute<{ start: string }>(
          sql`select left(value, 10) as start from settings where key = 'start_datetime'`,
        ).then((r) => (Array.isArray(r) ? r : (r as { rows: { start: string }[] }).rows));
        const made = await tx
          .insert(blocks)
          .values(Array.from({ length: BLOCKS_PER_DAY * 2 }, (_, i) => ({ label: `Bench block ${i + 1}`, flex: false })))
          .returning({ id: blocks.id });
        const [version] = await tx
          .insert(timetables)
          .values({ effective_from: year!.start, cycle_kind: "rotation", day_types: ["Day 1", "Day 2"] })
          .onConflictDoUpdate({ target: timetables.effective_from, set: { cycle_kind: "rotation", day_types: ["Day 1", "Day 2"] } })
          .returning({ id: timetables.id });
        await tx.delete(timetableMeetings).where(sql`${timetableMeetings.timetable_id} = ${version!.id}`);
        await tx.insert(timetableMeetings).values(
          made.map((block, i) => ({
            timetable_id: version!.id,
            block_id: block.id,
            day_type: i < BLOCKS_PER_DAY ? "Day 1" : "Day 2",
            start: `${String(8 + (i % BLOCKS_PER_DAY)).padStart(2, "0")}:00`,
            end: `${String(8 + (i % BLOCKS_PER_DAY)).padStart(2, "0")}:50`,
          })),
        );
        // Every row of the year is rewritten: the measure is the whole year, not the days from today.
        await tx.delete(schoolDays).where(sql`true`);
        const started = performance.now();
        const result = await regenerateSchoolDays(tx, new Date());
        samples.push(performance.now() - started);
        written = { days: result.days, occurrences: result.occurrences };
        throw new RollBack();
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
  }
  return [
    {
      name: `regenerate a year of school days (${written.days} days, ${written.occurrences} block occurrences)`,
      budgetMs: 1000,
      budgetOn: "max",
      ...summarize(samples),
    },
  ];
}
