import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { resultRows } from "./checkin";
import { homeroomJoin, inRange, int, json, peopleCte, studentJson, type DashboardStudentRow } from "./dashboard";
import type { ReportScope } from "./reports";

/**
 * The dashboard's lists of what did not become a plan: waitlist entries never given a seat, standing
 * choices left without one and recurring requests' occurrences that could not be booked.
 */

/**
 * Students on a waitlist in the range who were not given a seat from it: the entries still kept (a
 * seat given from a waitlist removes the student's entries for that block, lib/choice/seats.server.ts)
 * on a block where they have no plan from a waitlist; count = such entries. A teacher's scope: the
 * entries on their own waitlists and those of their homeroom students.
 */
export async function waitlistedNeverPlaced(db: Db, scope: ReportScope): Promise<(DashboardStudentRow & { count: number })[]> {
  const result = await db.execute(sql`
    with ${peopleCte({ ...scope, teacherId: null })},
    waiting as (
      select w.student_id, count(*) as n from waitlist_entries w
      where ${inRange(sql`w.date`, scope)}
        and (w.date, w.block_id) in (select date, block_id from occ)
        and (${int(scope.teacherId)} is null or w.staff_id = ${int(scope.teacherId)}
          or w.student_id in (select id from students where default_teacher_id = ${int(scope.teacherId)}))
        and not exists (select 1 from plans p where p.student_id = w.student_id and p.block_id = w.block_id
          and p.date = w.date and p.source = 'waitlist')
      group by w.student_id
    )
    select coalesce(json_agg(json_build_object(${studentJson}, 'count', w.n) order by s.ord), '[]') as rows
    from waiting w join stu s on s.id = w.student_id ${homeroomJoin}
    where s.archived_at is null`);
  return json(resultRows(result)[0]?.rows);
}

export interface UnmetRow {
  kind: "request" | "standing";
  date: string;
  block: string;
  student_id: number;
  student_first_name: string;
  student_last_name: string;
  staff_id: number | null;
  staff_title: string | null;
  staff_first_name: string | null;
  staff_last_name: string | null;
  /** A standing choice's outcome (unavailable, full, waitlisted, closed); null for a request. */
  outcome: string | null;
  /** The standing outcome's sentence to the student, or the request's skip reason. */
  detail: string;
}

/**
 * Standing choices that did not become a plan (outcome unavailable, full, waitlisted or closed) and the
 * occurrences of recurring requests that could not be booked (appointment_series.skipped), on the
 * range's Focus Blocks, for the students in the filters. A teacher's scope: their own requests and the
 * standing choices of them, and those of their homeroom students.
 */
export async function unmetRows(db: Db, scope: ReportScope): Promise<UnmetRow[]> {
  const everyone = { ...scope, teacherId: null };
  const result = await db.execute(sql`
    with ${peopleCte(everyone)},
    unmet as (
      select 'standing' as kind, o.date, o.block_id, sc.student_id, sc.staff_id, o.outcome, o.detail
      from standing_choice_outcomes o join standing_choices sc on sc.id = o.standing_choice_id
      where ${inRange(sql`o.date`, scope)} and o.outcome in ('unavailable', 'full', 'waitlisted', 'closed')
      union all
      select 'request', (x.item->>'date')::date, se.block_id, (x.item->>'student_id')::int, se.staff_id, null, x.item->>'reason'
      from appointment_series se cross join lateral jsonb_array_elements(se.skipped) as x(item)
      where se."until" >= ${scope.from}::date and se."from" <= ${scope.to}::date
        and (x.item->>'date') between ${scope.from} and ${scope.to}
    )
    select coalesce(json_agg(json_build_object('kind', u.kind, 'date', u.date::text, 'block', b.label,
        'student_id', s.id, 'student_first_name', s.first_name, 'student_last_name', s.last_name,
        'staff_id', x.id, 'staff_title', x.title, 'staff_first_name', x.first_name, 'staff_last_name', x.last_name,
        'outcome', u.outcome, 'detail', u.detail) order by u.date, s.ord, u.kind), '[]') as rows
    from unmet u
    join (select distinct date, block_id from occ) o on o.date = u.date and o.block_id = u.block_id
    join stu s on s.id = u.student_id
    join students st on st.id = s.id
    join blocks b on b.id = u.block_id
    left join staff x on x.id = u.staff_id
    where ${int(scope.teacherId)} is null or u.staff_id = ${int(scope.teacherId)} or st.default_teacher_id = ${int(scope.teacherId)}`);
  return json(resultRows(result)[0]?.rows);
}
