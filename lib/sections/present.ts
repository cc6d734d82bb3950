import type { EnrolledJson, MeetingJson, SectionRow, TeacherJson } from "@/db/queries/sections";
import { staffName } from "@/lib/people/names";
import { presentStaffRef, presentStudentPerson } from "@/lib/people/present-person";
import type { ClassMember, Enrollment, Section, SectionItem } from "./answers";

export type { ClassMember, Enrollment, Section, SectionItem };

/** A teacher of a section or a course: enough to link to the profile and show the avatar. */
export const presentTeacher = (t: TeacherJson) => ({ id: t.id, name: staffName(t), initials: t.initials, color: t.color });

export const presentMeeting = (m: MeetingJson) => ({ id: m.id, block_id: m.block_id, label: m.label, day_type: m.day_type });

/** An enrolment: the student (as the member tables show them), its dates, and whether it is dropped. */
export function presentEnrollment(e: EnrolledJson): Enrollment {
  return {
    id: e.id,
    student: presentStudentPerson({ ...e, id: e.student_id }),
    begin_date: e.begin_date,
    end_date: e.end_date,
    enrolled_at: new Date(e.enrolled_at).toISOString(),
    dropped_at: e.dropped_at ? new Date(e.dropped_at).toISOString() : null,
    sourced_id: e.sourced_id,
  };
}

/**
 * A student of a class list: the student as the member tables show them (`id` is the student's), with
 * their enrolment in the section.
 */
export function presentClassMember(e: EnrolledJson): ClassMember {
  const { student, ...enrollment } = presentEnrollment(e);
  return {
    ...student,
    /** The student number where the viewer may see it (lib/people/lists.server.ts studentNumbersFor), else null. */
    student_number: e.student_number ?? null,
    /** The student's homeroom: their default teacher and the code of the homeroom that teacher has, or null. */
    homeroom: e.homeroom ? { teacher: presentStaffRef(e.homeroom), code: e.homeroom.homeroom } : null,
    enrollment,
  };
}

/** A section (GET /api/sections/{id}, and each of a course page's `sections`). */
export function presentSection(row: SectionRow): Section {
  return {
    id: row.id,
    code: row.code,
    course: row.course,
    term: row.term,
    teachers: row.teachers.map(presentTeacher),
    meetings: row.meetings.map(presentMeeting),
    students_count: row.students_count,
    /** The class list: the students enrolled now (and those enrolled from a later date). */
    students: (row.students ?? []).map(presentClassMember),
    archived: row.archived_at !== null,
    sourced_id: row.sourced_id,
  };
}

/** A section in a list (no class list, its size). */
export function presentSectionItem(row: SectionRow): SectionItem {
  const { students: _students, ...item } = presentSection(row);
  void _students;
  return item;
}
