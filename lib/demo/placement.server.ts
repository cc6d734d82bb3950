import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { placementRuns } from "@/db/schema";
import { schoolToday } from "@/lib/core/time";
import type { FocusOccurrence } from "./calendar.server";
import type { SeededPeople } from "./people.server";

/**
 * Default placement in the demo school: most students have a default (homeroom) teacher, spread over
 * the teachers who are not administrators (student 100001's is teacher@, Mr. Reyes); every tenth
 * has none, so the Unscheduled list always has someone to show. Focus dates before today count as
 * placed already, so turning placement on does not rewrite the demo's history.
 *
 * A few students never choose (every twentieth, none without a default teacher): each of their past
 * Focus Blocks was placed by default, and the ones to come are still to choose. The dashboard's
 * "Never chose" list always has someone to show.
 */
export async function seedDefaultPlacement(
  db: Db,
  people: SeededPeople,
  focus: FocusOccurrence[],
  options: { now: Date; timezone: string },
) {
  const teachers = people.staff
    .filter((s) => !s.administrator && s.email !== "new@demo.school")
    .map((s) => s.id);
  const homeroom = [people.teacher.id, ...teachers.filter((id) => id !== people.teacher.id)];
  const pairs = people.students
    .map((student, index) => ({
      student: student.id,
      teacher: index % 10 === 9 ? null : homeroom[index % homeroom.length]!,
    }))
    .filter((p) => p.teacher !== null);
  for (let i = 0; i < pairs.length; i += 5000) {
    const chunk = pairs.slice(i, i + 5000);
    const values = sql.join(
      chunk.map((p) => sql`(${p.student}::integer, ${p.teacher}::integer)`),
      sql`, `,
    );
    await db.execute(
      sql`update students s set default_teacher_id = v.teacher from (values ${values}) as v(student, teacher) where s.id = v.student`,
    );
  }
  const today = schoolToday(options.timezone, options.now);
  const past = focus.filter((f) => f.date < today);
  if (past.length > 0) {
    await db
      .insert(placementRuns)
      .values(past.map((f) => ({ date: f.date, cutoff_at: f.start, placed: 0, skipped: 0, ran_at: f.start })))
      .onConflictDoNothing();
  }
  await seedStudentsWhoNeverChoose(db, people);
  return pairs.length;
}

/** Every twentieth student, from the eighth: never the README's student 100001, always with a default teacher. */
export const neverChooses = (index: number) => index % 20 === 7;

/**
 * The students who never choose. Before today default placement gave each of them their homeroom teacher
 * (tied to its date's run, which counts them), where that teacher's Focus Block was open and had a seat;
 * on other past dates, and from today on, they have no plan (still to choose). Their check-ins stay where
 * they were, so they also show as checked in elsewhere than planned.
 */
async function seedStudentsWhoNeverChoose(db: Db, people: SeededPeople) {
  const ids = people.students.flatMap((student, index) => (neverChooses(index) ? [student.id] : []));
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  );
  await db.execute(
    sql`update plans p set staff_id = s.default_teacher_id, source = 'placed', placement_run_id = r.id
        from students s, placement_runs r, staff t
        where s.id = p.student_id and r.date = p.date and t.id = s.default_teacher_id and p.student_id in (${list})
          and not exists (select 1 from topic_schedules ts join topics tp on tp.id = ts.topic_id
            where ts.staff_id = t.id and ts.block_id = p.block_id and ts.date = p.date and tp.unavailable)
          and (select count(*) from plans q where q.staff_id = t.id and q.block_id = p.block_id and q.date = p.date) < t.capacity`,
  );
  await db.execute(sql`delete from plans where student_id in (${list}) and source <> 'placed'`);
  await db.execute(
    sql`update placement_runs r set placed = n.placed
        from (select placement_run_id, count(*)::integer as placed from plans
              where placement_run_id is not null group by placement_run_id) n
        where n.placement_run_id = r.id`,
  );
}
