import "server-only";
import { sql } from "drizzle-orm";
import { UNPREPARED, type Db } from "../client";
import { resultRows } from "./checkin";
import { inRange, int, json, studentJsonOf, type DashboardStudentRow } from "./dashboard";
import { studentsInScope, type ReportScope } from "./reports";

/** The dashboard's lists per teacher: the students not seen in their sections, and their load and waitlists. */

export interface NotSeenRow {
  staff_id: number;
  title: string;
  first_name: string;
  last_name: string;
  students: (DashboardStudentRow & { sections: string[] })[];
}

/**
 * Per teacher, the students enrolled (not dropped, enrolment dates overlapping) in a section they teach
 * in the term holding `to` (sections of the whole year too) who have no check-in with that teacher in
 * a flex block from the term's start to `to`. No term holds `to`: the school year's dates.
 * `scope.teacherId`: that teacher's sections only; the students are any in the other filters.
 */
export async function notSeenRows(db: Db, scope: ReportScope, year: { start: string | null; end: string | null }): Promise<NotSeenRow[]> {
  const everyone = { ...scope, teacherId: null };
  const result = await db.execute(sql`
    with ${sql.raw(UNPREPARED)} term as (
      select id, start, "end" from terms where start <= ${scope.to}::date and "end" >= ${scope.to}::date
      order by start desc, id limit 1
    ),
    bounds as (
      select coalesce((select start from term), ${year.start}::date, ${scope.to}::date) as start,
        least(coalesce((select "end" from term), ${year.end}::date, ${scope.to}::date), ${scope.to}::date) as finish,
        array(select id from blocks where flex) as flex_blocks
    ),
    -- Materialised: the enrolments and their teachers planned on their own (hash joins). Planned with the
    -- probes below, whose rows the planner cannot guess, every join became a loop over every row.
    taught as materialized (
      select e.student_id, t.staff_id, concat_ws(' ', c.name, '(' || sc.code || ')') as section
      from enrollments e
      join students s on s.id = e.student_id and s.archived_at is null and ${studentsInScope(everyone)}
      join sections sc on sc.id = e.section_id and sc.archived_at is null
        and (sc.term_id is null or sc.term_id = (select id from term))
      join courses c on c.id = sc.course_id
      join section_teachers t on t.section_id = sc.id
      join staff tst on tst.id = t.staff_id and tst.takes_students
      cross join bounds b
      where e.dropped_at is null
        and (e.begin_date is null or e.begin_date <= b.finish) and (e.end_date is null or e.end_date >= b.start)
        and (${int(scope.teacherId)} is null or t.staff_id = ${int(scope.teacherId)})
    ),
    unseen as (
      select tt.staff_id, tt.student_id, array_agg(distinct tt.section order by tt.section) as sections
      from taught tt cross join bounds b
      -- A probe per enrolment for one check-in with its teacher in the term (check_ins_student_staff_date_idx, read from the index alone),
      -- written as a subquery so that it stays one: as NOT EXISTS it became an anti join that hashed
      -- every check-in of the term.
      where (select ci.block_id from check_ins ci
          where ci.student_id = tt.student_id and ci.staff_id = tt.staff_id and ci.date between b.start and b.finish
            and ci.block_id = any(b.flex_blocks)
          limit 1) is null
      group by tt.staff_id, tt.student_id
    ),
    -- The name order of the students left, worked out once per student (sorting each teacher's list by
    -- the unaccented names worked them out again for every row of every list).
    named as (
      select s.id, row_number() over (order by lower(f_unaccent(s.last_name)),
          lower(f_unaccent(coalesce(nullif(s.preferred_first_name, ''), s.first_name))), s.id) as ord
      from students s where s.id in (select student_id from unseen)
    ),
    per_teacher as (
      select u.staff_id, json_agg(json_build_object(${studentJsonOf(scope.studentNumbers)}, 'sections', u.sections)
          order by n.ord) as students
      from unseen u join named n on n.id = u.student_id join students s on s.id = u.student_id
      left join staff h on h.id = s.default_teacher_id
      group by u.staff_id
    )
    select coalesce(json_agg(json_build_object('staff_id', x.id, 'title', x.title, 'first_name', x.first_name,
        'last_name', x.last_name, 'students', pt.students)
      order by lower(f_unaccent(x.last_name)), lower(f_unaccent(x.first_name)), x.id), '[]') as rows
    from per_teacher pt join staff x on x.id = pt.staff_id`);
  return json(resultRows(result)[0]?.rows);
}

export interface TeacherLoadRow {
  staff_id: number;
  title: string;
  first_name: string;
  last_name: string;
  capacity: number;
  blocks: number;
  planned: number;
  full_blocks: number;
  empty_blocks: number;
  requests: number;
  waitlist_longest: number;
  waitlist_total: number;
}

/**
 * Per staff member who takes students (takes_students, a capacity above 0, not locked out), over the
 * range's Focus Blocks: everyone planned with them (their load, whatever the student filters),
 * blocks at or over capacity and with nobody planned, the appointments they booked, and their
 * waitlists (entries still waiting).
 */
export async function teacherLoadRows(db: Db, scope: ReportScope): Promise<TeacherLoadRow[]> {
  const occurrences = JSON.stringify(scope.occurrences.map(({ date, block_id }) => ({ date, block_id })));
  const result = await db.execute(sql`
    with ${sql.raw(UNPREPARED)} occ as (
      select o.date, o.block_id from json_to_recordset(${occurrences}::json) as o(date date, block_id int)
    ),
    tea as (
      select st.id, st.title, st.first_name, st.last_name, st.capacity
      from staff st join users u on u.id = st.user_id
      where st.takes_students and st.capacity > 0 and u.disabled_at is null
        and (${int(scope.teacherId)} is null or st.id = ${int(scope.teacherId)})
    ),
    -- The plans counted from their facts (one per plan, db/schema/facts.ts), whose key starts with the
    -- date: four weeks read four weeks, where plans has no index to read a range of dates by.
    planned as (
      select f.plan_staff_id as staff_id, f.date, f.block_id, count(*) as n from student_block_facts f
      where ${inRange(sql`f.date`, scope)} and f.plan_staff_id is not null group by f.plan_staff_id, f.date, f.block_id
    ),
    per_block as (
      select t.id, t.capacity, coalesce(pl.n, 0) as n
      from tea t cross join occ o
      left join planned pl on pl.staff_id = t.id and pl.date = o.date and pl.block_id = o.block_id
    ),
    load as (
      select id, count(*) as blocks, sum(n) as planned, count(*) filter (where n >= capacity) as full_blocks,
        count(*) filter (where n = 0) as empty_blocks
      from per_block group by id
    ),
    requests as (
      select a.staff_id, count(*) as n from appointments a join occ o on o.date = a.date and o.block_id = a.block_id
      where ${inRange(sql`a.date`, scope)} group by a.staff_id
    ),
    queues as (
      select w.staff_id, w.date, w.block_id, count(*) as n from waitlist_entries w
      where ${inRange(sql`w.date`, scope)} group by w.staff_id, w.date, w.block_id
    ),
    waits as (
      select q.staff_id, max(q.n) as longest, sum(q.n) as total from queues q
      join occ o on o.date = q.date and o.block_id = q.block_id group by q.staff_id
    )
    select coalesce(json_agg(json_build_object('staff_id', t.id, 'title', t.title, 'first_name', t.first_name,
        'last_name', t.last_name, 'capacity', t.capacity, 'blocks', coalesce(l.blocks, 0), 'planned', coalesce(l.planned, 0),
        'full_blocks', coalesce(l.full_blocks, 0), 'empty_blocks', coalesce(l.empty_blocks, 0),
        'requests', coalesce(r.n, 0), 'waitlist_longest', coalesce(w.longest, 0), 'waitlist_total', coalesce(w.total, 0))
      order by lower(f_unaccent(t.last_name)), lower(f_unaccent(t.first_name)), t.id), '[]') as rows
    from tea t
    left join load l on l.id = t.id
    left join requests r on r.staff_id = t.id
    left join waits w on w.staff_id = t.id`);
  return json<TeacherLoadRow[]>(resultRows(result)[0]?.rows).map((row) => ({
    ...row,
    planned: Number(row.planned),
  }));
}
