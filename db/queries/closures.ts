import "server-only";
import type { PlanSource } from "@/db/schema/choice";
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { meetsOn } from "./occurrences";
import { rows } from "./placement";
import { staffStillHereSql } from "./staff-ref";

/** Plans on days a calendar event closes (lib/calendar/closures.server.ts), kept in closed_day_plans. */

const dateList = (dates: string[]) => sql.join(dates.map((date) => sql`${date}::date`), sql`, `);

/** How many plans there are on these dates: what closing them would cancel (the dry runs). */
export async function countPlansOn(db: Db, dates: string[]): Promise<number> {
  if (dates.length === 0) return 0;
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::integer as n from plans where date in (${dateList(dates)})`);
  return row?.n ?? 0;
}

/** Moves every plan on each closed date to closed_day_plans, kept with the event that closes it (one statement). */
export async function cancelPlansOn(db: Db, closures: { event_id: number; date: string }[]): Promise<number> {
  if (closures.length === 0) return 0;
  const [row] = await rows<{ n: number }>(
    db,
    sql`with c as (
      select distinct on (date) event_id, date
      from jsonb_to_recordset(${JSON.stringify(closures)}::jsonb) as c(event_id integer, date date)
      order by date, event_id
    ), moved as (
      delete from plans p using c where p.date = c.date
      returning c.event_id, p.student_id, p.staff_id, p.block_id, p.date, p.source, p.placement_run_id, p.created_at, p.updated_at
    ), kept as (
      insert into closed_day_plans (event_id, student_id, staff_id, block_id, date, source, placement_run_id, created_at, updated_at)
      select * from moved returning 1
    )
    select count(*)::integer as n from kept`,
  );
  return row?.n ?? 0;
}

/**
 * An event about to be deleted hands its cancelled plans to another event that closes the same date,
 * if there is one (the day stays closed); answers how many it handed over.
 */
export async function handOverClosedDayPlans(db: Db, event: { id: number; date: string }): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`with other as (
      select min(id) as id from calendar_events where date = ${event.date}::date and no_blocks and id <> ${event.id}::integer
    ), moved as (
      update closed_day_plans set event_id = (select id from other)
      where event_id = ${event.id}::integer and (select id from other) is not null returning 1
    )
    select count(*)::integer as n from moved`,
  );
  return row?.n ?? 0;
}

export interface ClosedDayPlan {
  student_id: number;
  staff_id: number;
  block_id: number;
  date: string;
  source: PlanSource;
  placement_run_id: number | null;
  created_at: string;
  updated_at: string;
}

/** Takes the event's cancelled plans out (they go with it), to be given back once the day is open again. */
export function takeClosedDayPlans(db: Db, eventId: number): Promise<ClosedDayPlan[]> {
  return rows<ClosedDayPlan>(
    db,
    sql`delete from closed_day_plans where event_id = ${eventId}::integer
      returning student_id, staff_id, block_id, to_char(date, 'YYYY-MM-DD') as date, source, placement_run_id, created_at, updated_at`,
  );
}

/**
 * Gives cancelled plans back as they were (chosen or placed, and when), in one statement: those after
 * `today` whose block meets that date again, whose student is still at the school and whose teacher is
 * too. Nobody could plan a closed day, so the seats they held are still theirs. Answers how many.
 */
export async function restoreClosedDayPlans(db: Db, list: ClosedDayPlan[], today: string): Promise<number> {
  if (list.length === 0) return 0;
  const [row] = await rows<{ n: number }>(
    db,
    sql`with c as (
      select * from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as c(student_id integer, staff_id integer,
        block_id integer, date date, source plan_source, placement_run_id integer, created_at timestamptz, updated_at timestamptz)
    ), back as (
      insert into plans (student_id, staff_id, block_id, date, source, placement_run_id, created_at, updated_at)
      select c.student_id, c.staff_id, c.block_id, c.date, c.source,
        (select pr.id from placement_runs pr where pr.id = c.placement_run_id), c.created_at, c.updated_at
      from c
      join students s on s.id = c.student_id and s.archived_at is null
      join staff st on st.id = c.staff_id and ${staffStillHereSql("st")}
      where c.date > ${today}::date
        and ${meetsOn(sql`c.date`, sql`c.block_id`)}
      on conflict (student_id, block_id, date) do nothing returning 1
    )
    select count(*)::integer as n from back`,
  );
  return row?.n ?? 0;
}
