import { sisMayFill } from "@/lib/people/field-owners";
import type { ClassRow } from "./parse";
import { foldName, tally, type PlanContext } from "./plan-shared";
import type { PlannedPeople } from "./plan-people";

/**
 * Homerooms: a class of classType=homeroom is no section (it meets in no block); its teacher (the primary
 * one, else the first listed) is the homeroom teacher of every student enrolled in it, which default
 * placement uses (students.default_teacher_id), and its classCode (else title) becomes that teacher's
 * homeroom code, by which a student CSV may name the homeroom. A student's default teacher is the
 * school's field that the SIS fills (lib/people/field-owners.ts): set while empty or still the SIS's own
 * last value, never over one the school chose. A bundle without homeroom classes changes no homeroom.
 */

export interface HomeroomEnrollment {
  line: number;
  classSourcedId: string;
  userSourcedId: string;
  teacher: boolean;
  primary: boolean;
}

export function planHomerooms(
  ctx: PlanContext,
  classes: ClassRow[],
  enrollments: HomeroomEnrollment[],
  people: PlannedPeople,
) {
  const { state, errors, writes, review } = ctx;
  if (!classes.length) return;
  const staffBySourced = new Map(state.staff.filter((s) => s.sourced_id).map((s) => [s.sourced_id!, s]));
  const staffById = new Map(state.staff.map((s) => [s.id, s]));
  const studentBySourced = new Map(state.students.filter((s) => s.sourced_id).map((s) => [s.sourced_id!, s]));
  const nameOfUser = (sourced: string) => {
    const u = people.userBySourced.get(sourced);
    return u ? `${u.givenName} ${u.familyName}` : sourced;
  };

  const codeOf = new Map<string, string>();
  const seenCodes = new Map<string, number>();
  for (const c of classes) {
    const code = c.classCode ?? c.title;
    const other = seenCodes.get(foldName(code));
    if (other !== undefined) {
      errors.push({
        file: "classes.csv",
        line: c.line,
        reason: `Another homeroom has the classCode ${code} (line ${other}).`,
      });
      continue;
    }
    seenCodes.set(foldName(code), c.line);
    codeOf.set(c.sourcedId, code);
  }
  const teacherOf = new Map<string, { sourced: string; primary: boolean }>();
  const homeroomOf = new Map<string, string>();
  for (const e of enrollments) {
    if (!codeOf.has(e.classSourcedId)) continue;
    const role =
      people.roleOf.get(e.userSourcedId) ??
      (staffBySourced.has(e.userSourcedId)
        ? "teacher"
        : studentBySourced.has(e.userSourcedId)
          ? "student"
          : null);
    if (role === null || (e.teacher ? role === "student" : role !== "student")) {
      errors.push({
        file: "enrollments.csv",
        line: e.line,
        reason: `userSourcedId ${e.userSourcedId} is not a ${e.teacher ? "teacher" : "student"} in users.csv.`,
      });
      continue;
    }
    if (!e.teacher) {
      if (!homeroomOf.has(e.userSourcedId)) homeroomOf.set(e.userSourcedId, e.classSourcedId);
      continue;
    }
    const current = teacherOf.get(e.classSourcedId);
    if (!current || (e.primary && !current.primary))
      teacherOf.set(e.classSourcedId, { sourced: e.userSourcedId, primary: e.primary });
  }
  review.homerooms.classes = codeOf.size;

  // Each homeroom teacher's code; a code another staff member still holds moves with the homeroom.
  const codeOfTeacher = new Map<string, string>();
  for (const [cls, teacher] of teacherOf) codeOfTeacher.set(teacher.sourced, codeOf.get(cls)!);
  const given = new Set([...codeOfTeacher.values()].map(foldName));
  const staffChange = (sourced: string, before: string | null, after: string | null, name: string) => {
    writes.homerooms.staff.push({ staff_sourced_id: sourced, homeroom: after });
    if (!staffBySourced.has(sourced)) return; // a new staff member: "created" says it
    const change =
      ctx.changeOf("staff", sourced) ??
      ctx.change({ kind: "staff", action: "updated", sourced_id: sourced, name, fields: {} });
    change.fields = { ...change.fields, homeroom: { before, after } };
  };
  for (const [sourced, code] of codeOfTeacher) {
    const local = staffBySourced.get(sourced);
    if (local && local.homeroom === code) continue;
    staffChange(sourced, local?.homeroom ?? null, code, nameOfUser(sourced));
  }
  for (const s of state.staff) {
    if (!s.homeroom || !s.sourced_id || codeOfTeacher.has(s.sourced_id) || !given.has(foldName(s.homeroom)))
      continue;
    staffChange(s.sourced_id, s.homeroom, null, `${s.first_name} ${s.last_name}`);
  }

  // Each student's homeroom teacher, where the school has not chosen another.
  for (const [student, cls] of homeroomOf) {
    const teacher = teacherOf.get(cls)?.sourced;
    if (!teacher || people.userBySourced.get(student)?.status === "tobedeleted") continue;
    review.homerooms.students += 1;
    const local = studentBySourced.get(student);
    if (!local) {
      writes.homerooms.students.push({
        student_sourced_id: student,
        teacher_sourced_id: teacher,
        set_teacher: true,
      });
      continue;
    }
    const localTeacher = local.default_teacher_id === null ? null : staffById.get(local.default_teacher_id);
    const localRef = localTeacher ? (localTeacher.sourced_id ?? `#${localTeacher.id}`) : null;
    const last = local.sis_values?.default_teacher as string | null | undefined;
    const noted = last === teacher;
    if (localRef === teacher) {
      if (!noted)
        writes.homerooms.students.push({
          student_sourced_id: student,
          teacher_sourced_id: teacher,
          set_teacher: false,
        });
      continue;
    }
    const shownLocal = localTeacher ? `${localTeacher.first_name} ${localTeacher.last_name}` : null;
    if (!sisMayFill(localRef, last)) {
      tally(review.kept, "student", "default_teacher", {
        sourced_id: student,
        name: nameOfUser(student),
        before: shownLocal,
        after: nameOfUser(teacher),
      });
      if (!noted)
        writes.homerooms.students.push({
          student_sourced_id: student,
          teacher_sourced_id: teacher,
          set_teacher: false,
        });
      continue;
    }
    writes.homerooms.students.push({
      student_sourced_id: student,
      teacher_sourced_id: teacher,
      set_teacher: true,
    });
    const change =
      ctx.changeOf("student", student) ??
      ctx.change({
        kind: "student",
        action: "updated",
        sourced_id: student,
        name: nameOfUser(student),
        fields: {},
      });
    change.fields = { ...change.fields, default_teacher: { before: shownLocal, after: nameOfUser(teacher) } };
  }
}
