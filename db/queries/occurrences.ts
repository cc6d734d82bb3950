import "server-only";
import { and, asc, between, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { blockOccurrences, blocks } from "../schema";

/**
 * The one door to the materialised calendar (docs/design/calendar.md#school-days-and-block-occurrences):
 * which blocks meet on a date or in a range, whether a block meets on a date, the days a Focus Block
 * meets. Each piece is part of a statement, never a statement of its own, so a caller still reads
 * everything it needs in one round trip: the builders answer a drizzle select the caller may narrow, join
 * or order further; the fragments are raw SQL over the aliases `o` (block_occurrences), `b` (blocks) and
 * `sd` (school_days), for the callers whose statement is raw SQL.
 */

/** Two SQL date expressions (a bound value cast to date, a placeholder, a column), both ends included. */
export interface DateRange {
  from: SQL;
  to: SQL;
}

// ---- Builders ------------------------------------------------------------------------------------

/**
 * The block occurrences (of the flex blocks only, with `flex`; from `from` to `to`, with a range), each
 * with its block's label and flex flag: what "which blocks meet in [from, to]" reads, as a subquery the
 * caller selects its columns from, joins (the date's school day) and orders (byDateAndStart). PostgreSQL
 * pulls a subquery like it up into the caller's statement: the same plan as the join written out.
 */
export function meetings(db: Db, only: { range?: { from: string; to: string }; flex?: boolean } = {}) {
  return db
    .select({
      block_id: blockOccurrences.block_id,
      label: blocks.label,
      flex: blocks.flex,
      date: blockOccurrences.date,
      start: blockOccurrences.start,
      end: blockOccurrences.end,
    })
    .from(blockOccurrences)
    .innerJoin(blocks, eq(blocks.id, blockOccurrences.block_id))
    .where(
      and(
        only.flex ? eq(blocks.flex, true) : undefined,
        only.range ? between(blockOccurrences.date, only.range.from, only.range.to) : undefined,
      ),
    )
    .as("meeting");
}

/** The order of a day's meetings: by date, start, then block. */
export const byDateAndStart = (meeting: ReturnType<typeof meetings>) => [
  asc(meeting.date),
  asc(meeting.start),
  asc(meeting.block_id),
];

/** A block with the times it meets on a date (start and end null when it does not meet then: db/schema/calendar.ts). */
export async function findBlockOnDate(db: Db, blockId: number, date: string) {
  const [row] = await db
    .select({
      id: blocks.id,
      label: blocks.label,
      flex: blocks.flex,
      start: blockOccurrences.start,
      end: blockOccurrences.end,
    })
    .from(blocks)
    .leftJoin(blockOccurrences, and(eq(blockOccurrences.block_id, blocks.id), eq(blockOccurrences.date, date)))
    .where(eq(blocks.id, blockId))
    .limit(1);
  return row;
}

// ---- Fragments -----------------------------------------------------------------------------------

/**
 * The FROM and WHERE of a sub-select over the occurrences `o` in the range, each with its block `b` (the
 * flex blocks only, with `flex`).
 */
export const occurrencesIn = (range: DateRange, only: { flex?: boolean } = {}) =>
  sql`from block_occurrences o join blocks b on b.id = o.block_id
    where ${only.flex ? sql`b.flex and ` : sql``}o.date between ${range.from} and ${range.to}`;

/**
 * The flex blocks' occurrences in the range as a JSON array of `{ block_id, label, date, start, end }`
 * (lib/checkin/rules.ts FlexMeeting: the candidates for the day's Focus Block), by date, start and block.
 */
export const flexMeetingsJson = (range: DateRange) =>
  sql`(select coalesce(json_agg(json_build_object('block_id', o.block_id, 'label', b.label, 'date', o.date::text,
      'start', o.start::text, 'end', o."end"::text) order by o.date, o.start, o.block_id), '[]')
    ${occurrencesIn(range, { flex: true })})`;

/**
 * The school year's dates (the `start_datetime` and `end_datetime` settings), open-ended on a side that is
 * unset: the range of the flex meetings a check-in or a report reads.
 */
export const SCHOOL_YEAR: DateRange = {
  from: sql`coalesce(nullif(left((select value from settings where key = 'start_datetime'), 10), ''), '0001-01-01')::date`,
  to: sql`coalesce(nullif(left((select value from settings where key = 'end_datetime'), 10), ''), '9999-12-31')::date`,
};

/** The (block_id, date) pairs of the flex blocks meeting in the range, for `(block_id, date) in …`. */
export const flexOccurrenceKeys = (range: DateRange) =>
  sql`(select o.block_id, o.date ${occurrencesIn(range, { flex: true })})`;

/** Whether a flex block meets on any date at all (an empty school's timetable has none). */
export const ANY_FLEX_OCCURRENCE = sql`exists (select 1 from block_occurrences o join blocks b on b.id = o.block_id where b.flex)`;

/**
 * A join target: the occurrence `o` of block `blockId` on `date` (`left join ${occurrenceOn(…)}`: null
 * columns when the block does not meet that date, a closed day or a bell schedule that leaves it out).
 */
export const occurrenceOn = (date: SQL, blockId: SQL) =>
  sql`block_occurrences o on o.date = ${date} and o.block_id = ${blockId}`;

/**
 * Whether block `blockId` meets on `date`; with `inSession`, only on a day the generated calendar has in
 * session.
 */
export const meetsOn = (date: SQL, blockId: SQL, only: { inSession?: boolean } = {}) =>
  sql`exists (select 1 from block_occurrences o${only.inSession ? sql` join school_days sd on sd.date = o.date and sd.in_session` : sql``}
    where o.date = ${date} and o.block_id = ${blockId})`;

/** The ids of the flex blocks labelled `label` (the Focus Blocks), for `block_id in …`. */
export const flexBlocksLabelled = (label: string) => sql`(select id from blocks where flex and label = ${label})`;

/** The occurrences `o` of a Focus Block on a day in session (from `from` on, when given): a FROM and WHERE. */
const focusOccurrences = (label: string, from?: SQL) =>
  sql`from block_occurrences o join school_days sd on sd.date = o.date and sd.in_session
    where o.block_id in ${flexBlocksLabelled(label)}${from ? sql` and o.date >= ${from}` : sql``}`;

/** The days in session a Focus Block meets, one `date` row each. */
export const focusDays = (label: string) => sql`select distinct o.date ${focusOccurrences(label)}`;

/** The next day in session a Focus Block meets, from `from` on: one `date` row (null when none). */
export const nextFocusDay = (label: string, from: SQL) => sql`select min(o.date) as date ${focusOccurrences(label, from)}`;
