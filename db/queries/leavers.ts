import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { placementTargetOf, rows, unscheduledWhere } from "./placement";
import { staffRefJson, staffStillHereSql, type StaffRefRow } from "./staff-ref";

/** Staff who left (lib/placement/leavers.server.ts): their pending plans released, the students placed again. */

const idList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}::integer`), sql`, `);
const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

/**
 * The staff rows of these accounts whose accounts are locked now (staff who left), locked until the
 * transaction ends, by id: a student choosing one of them meanwhile waits, then finds them gone
 * (db/queries/plans.ts countPlansExcept), and a choice made before is there for releasePlans to see.
 */
export async function lockLeavers(db: Db, userIds: number[]): Promise<{ id: number; user_id: number }[]> {
  if (userIds.length === 0) return [];
  return rows<{ id: number; user_id: number }>(
    db,
    sql`select st.id, st.user_id from staff st where st.user_id in (${idList(userIds)}) and not ${staffStillHereSql("st")}
      order by st.id for update`,
  );
}

export interface ReleasedPlan {
  student_id: number;
  block_id: number;
  date: string;
  /** The teacher who left. */
  staff: StaffRefRow;
}

/**
 * Deletes the leavers' plans that are still ahead (after `today`, or today on a block whose end is still
 * to come: `pendingToday`), in one statement, and answers them.
 */
export async function releasePlans(
  db: Db,
  input: { staffIds: number[]; today: string; pendingToday: number[] },
): Promise<ReleasedPlan[]> {
  if (input.staffIds.length === 0) return [];
  const todayBlocks = input.pendingToday.length ? sql`p.block_id in (${idList(input.pendingToday)})` : sql`false`;
  const released = await rows<ReleasedPlan>(
    db,
    sql`with released as (
      delete from plans p
      where p.staff_id in (${idList(input.staffIds)})
        and (p.date > ${input.today}::date or (p.date = ${input.today}::date and ${todayBlocks}))
      returning p.student_id, p.staff_id, p.block_id, p.date
    )
    select r.student_id, r.block_id, to_char(r.date, 'YYYY-MM-DD') as date, ${sql.raw(staffRefJson("st"))} as staff
    from released r join staff st on st.id = r.staff_id
    order by r.student_id, r.date, r.block_id`,
  );
  return released.map((row) => ({ ...row, staff: json(row.staff) as StaffRefRow }));
}

export interface PlacedAgain {
  student_id: number;
  block_id: number;
  date: string;
  staff: StaffRefRow;
}

/**
 * Default placement again for released plans whose date has been placed already (a run exists: the
 * cutoff passed, so no later run will come): each student still unscheduled there gets their default
 * teacher, by the run's own rules (lib/placement: placementTargetOf, unscheduledWhere), marked as that
 * run's. Dates still before their cutoff are left to the run, which finds the students unscheduled.
 */
export async function placeReleased(
  db: Db,
  released: { student_id: number; block_id: number; date: string }[],
): Promise<PlacedAgain[]> {
  if (released.length === 0) return [];
  const list = JSON.stringify(released.map(({ student_id, block_id, date }) => ({ student_id, block_id, date })));
  const placed = await rows<PlacedAgain>(
    db,
    sql`with todo as (
      select s.id as student_id, b.block_id, b.date, pr.id as run_id, ${placementTargetOf} as staff_id
      from jsonb_to_recordset(${list}::jsonb) as b(student_id integer, block_id integer, date date)
      join placement_runs pr on pr.date = b.date
      join students s on s.id = b.student_id
      where ${unscheduledWhere(sql`b.date`, sql`pr.cutoff_at`)}
    ), ins as (
      insert into plans (student_id, staff_id, block_id, date, source, placement_run_id)
      select student_id, staff_id, block_id, date, 'placed', run_id from todo where staff_id is not null
      on conflict (student_id, block_id, date) do nothing
      returning student_id, staff_id, block_id, date
    )
    select i.student_id, i.block_id, to_char(i.date, 'YYYY-MM-DD') as date, ${sql.raw(staffRefJson("st"))} as staff
    from ins i join staff st on st.id = i.staff_id`,
  );
  return placed.map((row) => ({ ...row, staff: json(row.staff) as StaffRefRow }));
}
