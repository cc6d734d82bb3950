import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { appointments, appointmentSeries, blocks, staff } from "../schema";
import { occurrenceOn } from "./occurrences";
import { rows } from "./placement";
import { staffRefColumns } from "./staff-ref";

/**
 * Teachers' recurring requests (lib/choice/series.server.ts): one appointment over a pattern of a
 * block's dates, for one or many students. Occurrences are ordinary appointments carrying series_id.
 */

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** The students' rows, locked in id order (the order every multi-student write locks them in). */
export function lockStudents(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return rows<{ id: number; user_id: number | null; archived: boolean }>(
    db,
    sql`select s.id, s.user_id, s.archived_at is not null as archived from students s
      where s.id in (select value::integer from jsonb_array_elements_text(${json(ids)}))
      order by s.id for update`,
  );
}

export interface PatternDay {
  date: string;
  /** The block meets that date (false: a closed day or a bell schedule that leaves the block out). */
  meets: boolean;
  /** Why no block meets: the name of the calendar event that closes the day (null: none). */
  closed_by: string | null;
  end: string | null;
}

/**
 * The dates from `from` to `until` that fit the pattern, from the generated calendar: for a day type,
 * the school days of that day type (a day type changed by hand is followed; a holiday has none); for
 * a weekday, every such date that is a school day or that a calendar event closes (reported, not booked).
 */
export function patternDays(
  db: Db,
  input: { block_id: number; from: string; until: string; day_type: string | null; weekday: number | null },
): Promise<PatternDay[]> {
  const fits =
    input.day_type !== null
      ? sql`sd.in_session and sd.day_type = ${input.day_type}`
      : sql`extract(dow from d.date)::integer = ${input.weekday}::integer
          and (sd.in_session or exists (select 1 from calendar_events e where e.date = d.date and e.no_blocks))`;
  return rows<PatternDay>(
    db,
    sql`select to_char(d.date, 'YYYY-MM-DD') as date, o.block_id is not null as meets, to_char(o."end", 'HH24:MI') as "end",
        (select e.name from calendar_events e where e.date = d.date and e.no_blocks order by e.id limit 1) as closed_by
      from generate_series(${input.from}::date, ${input.until}::date, interval '1 day') as d(date)
      left join school_days sd on sd.date = d.date::date
      left join ${occurrenceOn(sql`d.date::date`, sql`${input.block_id}::integer`)}
      where ${fits}
      order by d.date`,
  );
}

/** The day types the generated calendar has between two dates (to tell a typo from a quiet range). */
export async function dayTypesBetween(db: Db, from: string, until: string): Promise<string[]> {
  const found = await rows<{ day_type: string }>(
    db,
    sql`select distinct day_type from school_days where date between ${from}::date and ${until}::date and day_type is not null order by day_type`,
  );
  return found.map((row) => row.day_type);
}

/** For each (student, date) of the block: how many appointments they have, and whether they checked in. */
export function occupancy(db: Db, blockId: number, studentIds: number[], dates: string[]) {
  if (studentIds.length === 0 || dates.length === 0) return Promise.resolve([]);
  return rows<{ student_id: number; date: string; appointments: number; checked_in: boolean }>(
    db,
    sql`with s as (select value::integer as id from jsonb_array_elements_text(${json(studentIds)})),
      d as (select value::date as date from jsonb_array_elements_text(${json(dates)}))
    select x.student_id, to_char(x.date, 'YYYY-MM-DD') as date, sum(x.appointments)::integer as appointments, bool_or(x.checked_in) as checked_in
    from (
      select a.student_id, a.date, 1 as appointments, false as checked_in from appointments a
        where a.block_id = ${blockId}::integer and a.student_id in (select id from s) and a.date in (select date from d)
      union all
      select c.student_id, c.date, 0, true from check_ins c
        where c.block_id = ${blockId}::integer and c.student_id in (select id from s) and c.date in (select date from d)
    ) x group by x.student_id, x.date`,
  );
}

export interface SeriesValues {
  staff_id: number;
  created_by: number;
  block_id: number;
  day_type: string | null;
  weekday: number | null;
  from: string;
  until: string;
  memo: string;
  locked: boolean;
  student_ids: number[];
}

export async function insertSeries(db: Db, values: SeriesValues) {
  const [row] = await db.insert(appointmentSeries).values(values).returning({ id: appointmentSeries.id });
  return row!.id;
}

/** Books the occurrences in one statement; answers their ids with student and date. */
export async function insertOccurrences(
  db: Db,
  series: { id: number; staff_id: number; block_id: number; memo: string; locked: boolean },
  items: { student_id: number; date: string }[],
) {
  if (items.length === 0) return [];
  return db
    .insert(appointments)
    .values(
      items.map((item) => ({
        student_id: item.student_id,
        staff_id: series.staff_id,
        block_id: series.block_id,
        date: item.date,
        memo: series.memo,
        locked: series.locked,
        series_id: series.id,
      })),
    )
    .returning({ id: appointments.id, student_id: appointments.student_id, date: appointments.date });
}

export async function updateSeries(
  db: Db,
  id: number,
  values: Partial<{ memo: string; locked: boolean; until: string; skipped: { student_id: number; date: string; reason: string }[]; cancelled_at: Date }>,
) {
  await db.update(appointmentSeries).set(values).where(eq(appointmentSeries.id, id));
}

const seriesColumns = {
  id: appointmentSeries.id,
  staff_id: appointmentSeries.staff_id,
  block_id: appointmentSeries.block_id,
  block_label: blocks.label,
  day_type: appointmentSeries.day_type,
  weekday: appointmentSeries.weekday,
  from: appointmentSeries.from,
  until: appointmentSeries.until,
  memo: appointmentSeries.memo,
  locked: appointmentSeries.locked,
  student_ids: appointmentSeries.student_ids,
  skipped: appointmentSeries.skipped,
  cancelled_at: appointmentSeries.cancelled_at,
  created_at: appointmentSeries.created_at,
  staff: staffRefColumns,
};

export type SeriesRow = Awaited<ReturnType<typeof findSeries>> & {};

/** One series with its teacher and block; `forUpdate` locks the series row (its edits queue behind each other). */
export async function findSeries(db: Db, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select(seriesColumns)
    .from(appointmentSeries)
    .innerJoin(staff, eq(staff.id, appointmentSeries.staff_id))
    .innerJoin(blocks, eq(blocks.id, appointmentSeries.block_id))
    .where(eq(appointmentSeries.id, id))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update", { of: appointmentSeries }) : await query;
  return row;
}

/** Series newest first: one teacher's (staffId), or every teacher's (null). At most `limit`. */
export function listSeries(db: Db, staffId: number | null, limit: number) {
  return db
    .select(seriesColumns)
    .from(appointmentSeries)
    .innerJoin(staff, eq(staff.id, appointmentSeries.staff_id))
    .innerJoin(blocks, eq(blocks.id, appointmentSeries.block_id))
    .where(staffId === null ? undefined : eq(appointmentSeries.staff_id, staffId))
    .orderBy(desc(appointmentSeries.id))
    .limit(limit);
}

/** The students of series (names), in one statement. */
export function seriesStudents(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return rows<{ id: number; first_name: string; last_name: string }>(
    db,
    sql`select s.id, coalesce(nullif(s.preferred_first_name, ''), s.first_name) as first_name, s.last_name from students s
      where s.id in (select value::integer from jsonb_array_elements_text(${json([...new Set(ids)])}))`,
  );
}

/**
 * The occurrences of series by date: how many appointments each date has, and whether the block still
 * meets then (false: the day closed, or stopped meeting, after booking).
 */
export function occurrenceDates(db: Db, seriesIds: number[]) {
  if (seriesIds.length === 0) return Promise.resolve([]);
  return rows<{ series_id: number; date: string; booked: number; meets: boolean }>(
    db,
    sql`select a.series_id, to_char(a.date, 'YYYY-MM-DD') as date, count(*)::integer as booked,
        bool_or(o.block_id is not null) as meets
      from appointments a left join ${occurrenceOn(sql`a.date`, sql`a.block_id`)}
      where a.series_id in (select value::integer from jsonb_array_elements_text(${json(seriesIds)}))
      group by a.series_id, a.date order by a.series_id, a.date`,
  );
}

/** A series' occurrences from a date on (with the block's end that date, null when it no longer meets). */
export function occurrencesFrom(db: Db, seriesId: number, from: string) {
  return rows<{ id: number; student_id: number; date: string; end: string | null }>(
    db,
    sql`select a.id, a.student_id, to_char(a.date, 'YYYY-MM-DD') as date, to_char(o."end", 'HH24:MI') as "end"
      from appointments a left join ${occurrenceOn(sql`a.date`, sql`a.block_id`)}
      where a.series_id = ${seriesId}::integer and a.date >= ${from}::date order by a.date, a.id`,
  );
}

export async function deleteOccurrences(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .delete(appointments)
    .where(inArray(appointments.id, ids))
    .returning({ id: appointments.id, student_id: appointments.student_id, date: appointments.date });
}

/** Sets memo and lock on the given occurrences (the pending ones). */
export async function restyleOccurrences(db: Db, ids: number[], values: { memo: string; locked: boolean }) {
  if (ids.length === 0) return;
  await db.update(appointments).set(values).where(and(inArray(appointments.id, ids)));
}
