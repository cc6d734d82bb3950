import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { placementRuns } from "@/db/schema";
import { schoolToday } from "@/lib/time";
import type { FocusOccurrence } from "./calendar.server";
import type { SeededPeople } from "./people.server";

/**
 * Default placement in the demo school: most students have a default (homeroom) teacher, spread over
 * the teachers who are not administrators (student 100001's is teacher@, Mr. Reyes); every tenth
 * has none, so the Unscheduled list always has someone to show. Focus dates before today count as
 * placed already (with nobody to place), so turning placement on does not rewrite the demo's history.
 */
export async function seedDefaultPlacement(
  db: Db,
  people: SeededPeople,
  focus: FocusOccurrence[],
  options: { now: Date; timezone: string },
) {
  const teachers = people.staff.filter((s) => !s.administrator && s.email !== "new@demo.school").map((s) => s.id);
  const homeroom = [people.teacher.id, ...teachers.filter((id) => id !== people.teacher.id)];
  const pairs = people.students
    .map((student, index) => ({ student: student.id, teacher: index % 10 === 9 ? null : homeroom[index % homeroom.length]! }))
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
  return pairs.length;
}
