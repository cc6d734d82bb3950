import "server-only";
import { between, sql } from "drizzle-orm";
import type { Db } from "../client";
import { dayDeadlines } from "../schema";
import { occurrenceOn } from "./occurrences";
import { rows } from "./placement";

/** The deadlines of Focus Blocks (lib/choice/deadlines.ts): the two settings and the dates' own. */

export interface DeadlineReadRow {
  choice_setting: string | null;
  request_setting: string | null;
  choice_deadline: string | null;
  request_deadline: string | null;
  /** The block's start on the date (null: it does not meet). */
  start: string | null;
}

/** The settings, the date's own deadlines and the block's start that date, in one statement. */
export async function deadlineReadFor(db: Db, date: string, blockId: number): Promise<DeadlineReadRow> {
  const [row] = await rows<DeadlineReadRow>(
    db,
    sql`select (select value from settings where key = 'choice-deadline') as choice_setting,
        (select value from settings where key = 'request-deadline') as request_setting,
        dd.choice_deadline, dd.request_deadline, o.start::text as start
      from (select 1) one
      left join day_deadlines dd on dd.date = ${date}::date
      left join ${occurrenceOn(sql`${date}::date`, sql`${blockId}::integer`)}`,
  );
  return row!;
}

/** The two settings' stored values. */
export async function deadlineSettingValues(db: Db): Promise<{ choice: string | null; request: string | null }> {
  const [row] = await rows<{ choice: string | null; request: string | null }>(
    db,
    sql`select (select value from settings where key = 'choice-deadline') as choice,
        (select value from settings where key = 'request-deadline') as request`,
  );
  return row ?? { choice: null, request: null };
}

export function dayDeadlinesBetween(db: Db, from: string, to: string) {
  return db
    .select({
      date: dayDeadlines.date,
      choice_deadline: dayDeadlines.choice_deadline,
      request_deadline: dayDeadlines.request_deadline,
    })
    .from(dayDeadlines)
    .where(between(dayDeadlines.date, from, to));
}

/** Sets (or, with both null, removes) a date's own deadlines. */
export async function writeDayDeadlines(
  db: Db,
  date: string,
  values: { choice_deadline: string | null; request_deadline: string | null },
  now: Date,
) {
  if (values.choice_deadline === null && values.request_deadline === null) {
    await db.delete(dayDeadlines).where(sql`${dayDeadlines.date} = ${date}::date`);
    return;
  }
  await db
    .insert(dayDeadlines)
    .values({ date, ...values, updated_at: now })
    .onConflictDoUpdate({ target: dayDeadlines.date, set: { ...values, updated_at: now } });
}
