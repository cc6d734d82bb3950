import { sisMayFill } from "@/lib/people/field-owners";
import type { ClassRow } from "./bundle-files";
import type { PlanContext } from "./plan-context";
import { foldName, tally } from "./plan-shared";
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

interface Homerooms {
  /** Homeroom class sourcedId → its code. */
  codeOf: Map<string, string>;
  /** Homeroom class sourcedId → its teacher (the primary one, else the first). */
  teacherOf: Map<string, { sourced: string; primary: boolean }>;
  /** Student sourcedId → their homeroom class (the first listed). */
  homeroomOf: Map<string, string>;
  nameOfUser(sourced: string): string;
}

export function planHomerooms(ctx: PlanContext, classes: ClassRow[], enrollments: HomeroomEnrollment[], people: PlannedPeople) {
  if (!classes.length) return;
  const codeOf = homeroomCodes(ctx, classes);
  const nameOfUser = (sourced: string) => {
    const u = people.userBySourced.get(sourced);
    return u ? `${u.givenName} ${u.familyName}` : sourced;
  };
  const homerooms: Homerooms = { codeOf, ...homeroomMembers(ctx, codeOf, enrollments, people), nameOfUser };
  ctx.review.homerooms.classes = codeOf.size;
  planHomeroomCodes(ctx, homerooms);
  for (const [student, cls] of homerooms.homeroomOf) {
    const teacher = homerooms.teacherOf.get(cls)?.sourced;
    if (!teacher || people.userBySourced.get(student)?.status === "tobedeleted") continue;
    ctx.review.homerooms.students += 1;
    planHomeroomTeacher(ctx, homerooms, student, teacher);
  }
}

/** Each homeroom's code (classCode, else title), once in the school. */
function homeroomCodes(ctx: PlanContext, classes: ClassRow[]): Map<string, string> {
  const codeOf = new Map<string, string>();
  const seenCodes = new Map<string, number>();
  for (const c of classes) {
    const code = c.classCode ?? c.title;
    const other = seenCodes.get(foldName(code));
    if (other !== undefined) {
      ctx.errors.push({ file: "classes.csv", line: c.line, reason: `Another homeroom has the classCode ${code} (line ${other}).` });
      continue;
    }
    seenCodes.set(foldName(code), c.line);
    codeOf.set(c.sourcedId, code);
  }
  return codeOf;
}

/** Each homeroom's teacher and each student's homeroom, from the homerooms' enrolments. */
function homeroomMembers(ctx: PlanContext, codeOf: Map<string, string>, enrollments: HomeroomEnrollment[], people: PlannedPeople) {
  const { look } = ctx;
  const teacherOf: Homerooms["teacherOf"] = new Map();
  const homeroomOf = new Map<string, string>();
  for (const e of enrollments) {
    if (!codeOf.has(e.classSourcedId)) continue;
    const known = look.staffBySourced.has(e.userSourcedId) ? "teacher" : look.studentBySourced.has(e.userSourcedId) ? "student" : null;
    const role = people.roleOf.get(e.userSourcedId) ?? known;
    if (role === null || (e.teacher ? role === "student" : role !== "student")) {
      const reason = `userSourcedId ${e.userSourcedId} is not a ${e.teacher ? "teacher" : "student"} in users.csv.`;
      ctx.errors.push({ file: "enrollments.csv", line: e.line, reason });
      continue;
    }
    if (!e.teacher) {
      if (!homeroomOf.has(e.userSourcedId)) homeroomOf.set(e.userSourcedId, e.classSourcedId);
      continue;
    }
    const current = teacherOf.get(e.classSourcedId);
    if (!current || (e.primary && !current.primary)) teacherOf.set(e.classSourcedId, { sourced: e.userSourcedId, primary: e.primary });
  }
  return { teacherOf, homeroomOf };
}

/** Each homeroom teacher's code; a code another staff member still holds moves with the homeroom. */
function planHomeroomCodes(ctx: PlanContext, { codeOf, teacherOf, nameOfUser }: Homerooms) {
  const { look, writes } = ctx;
  const codeOfTeacher = new Map<string, string>();
  for (const [cls, teacher] of teacherOf) codeOfTeacher.set(teacher.sourced, codeOf.get(cls)!);
  const given = new Set([...codeOfTeacher.values()].map(foldName));
  const staffChange = (sourced: string, before: string | null, after: string | null, name: string) => {
    writes.homerooms.staff.push({ staff_sourced_id: sourced, homeroom: after });
    if (!look.staffBySourced.has(sourced)) return; // a new staff member: "created" says it
    const change =
      ctx.changeOf("staff", sourced) ?? ctx.change({ kind: "staff", action: "updated", sourced_id: sourced, name, fields: {} });
    change.fields = { ...change.fields, homeroom: { before, after } };
  };
  for (const [sourced, code] of codeOfTeacher) {
    const local = look.staffBySourced.get(sourced);
    if (local && local.homeroom === code) continue;
    staffChange(sourced, local?.homeroom ?? null, code, nameOfUser(sourced));
  }
  for (const s of ctx.state.staff) {
    if (!s.homeroom || !s.sourced_id || codeOfTeacher.has(s.sourced_id) || !given.has(foldName(s.homeroom))) continue;
    staffChange(s.sourced_id, s.homeroom, null, `${s.first_name} ${s.last_name}`);
  }
}

/** A student's homeroom teacher, where the school has not chosen another (then only noted as the SIS's). */
function planHomeroomTeacher(ctx: PlanContext, { nameOfUser }: Homerooms, student: string, teacher: string) {
  const { look, writes } = ctx;
  const note = (set_teacher: boolean) => writes.homerooms.students.push({ student_sourced_id: student, teacher_sourced_id: teacher, set_teacher });
  const local = look.studentBySourced.get(student);
  if (!local) return void note(true);
  const localTeacher = local.default_teacher_id === null ? null : look.staffById.get(local.default_teacher_id);
  const localRef = localTeacher ? (localTeacher.sourced_id ?? `#${localTeacher.id}`) : null;
  const last = local.sis_values?.default_teacher as string | null | undefined;
  const noted = last === teacher;
  if (localRef === teacher) {
    if (!noted) note(false);
    return;
  }
  const shownLocal = localTeacher ? `${localTeacher.first_name} ${localTeacher.last_name}` : null;
  if (!sisMayFill(localRef, last)) {
    tally(ctx.review.kept, "student", "default_teacher", { sourced_id: student, name: nameOfUser(student), before: shownLocal, after: nameOfUser(teacher) });
    if (!noted) note(false);
    return;
  }
  note(true);
  const change =
    ctx.changeOf("student", student) ??
    ctx.change({ kind: "student", action: "updated", sourced_id: student, name: nameOfUser(student), fields: {} });
  change.fields = { ...change.fields, default_teacher: { before: shownLocal, after: nameOfUser(teacher) } };
}
