import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import {
  blocksByIds,
  courseByShortName,
  dayTypesInForce,
  dropEnrollments,
  enrollmentsOfSection,
  insertEnrollments,
  insertSection,
  lockSection,
  openEnrollments,
  replaceSectionMeetings,
  replaceSectionTeachers,
  sectionById,
  sectionWithCode,
  staffByIds,
  studentsByIds,
  studentsByNumbers,
  termById,
  updateSectionRow,
} from "@/db/queries/sections";
import { invalid, notFound } from "@/lib/api/errors.server";
import { displayDate } from "@/lib/calendar/school-days.server";
import type { Principal } from "@/lib/auth/principal";
import { studentNumbersFor } from "@/lib/people/lists.server";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import { addDays, parseSchoolDate, schoolToday } from "@/lib/core/time";
import { presentEnrollment, presentSection } from "./present";
import type { EnrollBody, SectionCreateBody, SectionUpdateBody } from "./schemas";

/**
 * Sections of a course and the students enrolled in them (docs/design/calendar.md#courses-and-sections). Every write is one
 * transaction that first locks the section's row (or the course's new section), so two administrators
 * enrolling the same student at once make one enrolment.
 */

export async function schoolTodayOf(db: Db, now: Date) {
  const { timezone } = await schoolCalendarSettings(db);
  return { timezone, today: schoolToday(timezone, now) };
}

const shown = (list: (string | number)[]) =>
  list.slice(0, 10).join(", ") + (list.length > 10 ? ` and ${list.length - 10} more` : "");

/** Checks what a section refers to: its term, teachers (staff) and meetings (non-flex blocks, day types in force). */
async function checkReferences(
  db: Db,
  body: { term_id?: number | null; teacher_ids?: number[]; meetings?: { block_id: number; day_type: string | null }[] },
  today: string,
) {
  const errors: Record<string, string[]> = {};
  const teacherIds = [...new Set(body.teacher_ids ?? [])];
  const blockIds = [...new Set((body.meetings ?? []).map((m) => m.block_id))];
  const [term, teachers, blocks, dayTypes] = await Promise.all([
    body.term_id ? termById(db, body.term_id) : Promise.resolve(null),
    staffByIds(db, teacherIds),
    blocksByIds(db, blockIds),
    body.meetings?.some((m) => m.day_type !== null) ? dayTypesInForce(db, today) : Promise.resolve([]),
  ]);
  if (body.term_id && !term) errors.term_id = ["There is no such term."];
  const staffIds = new Set(teachers.map((t) => t.id));
  const notStaff = teacherIds.filter((id) => !staffIds.has(id));
  if (notStaff.length > 0)
    errors.teacher_ids = [`${notStaff.length === 1 ? "This id is" : "These ids are"} not a staff member's: ${shown(notStaff)}.`];
  const blockById = new Map(blocks.map((b) => [b.id, b]));
  const seen = new Set<string>();
  (body.meetings ?? []).forEach((m, i) => {
    const block = blockById.get(m.block_id);
    if (!block) errors[`meetings.${i}.block_id`] = ["There is no such block."];
    else if (block.flex)
      errors[`meetings.${i}.block_id`] = [`${block.label} is a flex block: classes meet in the other blocks.`];
    if (m.day_type !== null && !dayTypes.includes(m.day_type))
      errors[`meetings.${i}.day_type`] = [
        dayTypes.length > 0
          ? `The day types are ${dayTypes.join(", ")} (or none: every day the block meets).`
          : "There is no timetable yet: leave the day type out.",
      ];
    const key = `${m.block_id}|${m.day_type}`;
    if (seen.has(key)) errors[`meetings.${i}`] = ["This meeting is listed twice."];
    seen.add(key);
  });
  return { errors, teacherIds };
}

/** The section as the viewer may see it (its class list's student numbers by studentNumbersFor). */
async function sectionAnswer(db: Db, viewer: Principal, id: number, today: string) {
  const row = await sectionById(db, id, today, studentNumbersFor(viewer));
  if (!row) throw notFound("There is no such section.");
  return presentSection(row);
}

/** GET /api/sections/{id}: the section, its course, term, teachers, meetings and class list. */
export async function getSection(db: Db, viewer: Principal, id: number, now: Date) {
  const { today } = await schoolTodayOf(db, now);
  return sectionAnswer(db, viewer, id, today);
}

/** POST /api/courses/{short_name}/sections: a new section (201); 422 when the code is the course's already. */
export async function createSection(db: Db, principal: Principal, shortName: string, body: SectionCreateBody, now: Date) {
  const { today } = await schoolTodayOf(db, now);
  return db.transaction(async (tx) => {
    const course = await courseByShortName(tx, shortName);
    if (!course) throw notFound("There is no course with that short name.");
    const { errors, teacherIds } = await checkReferences(tx, body, today);
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const section = await insertSection(tx, { course_id: course.id, code: body.code, term_id: body.term_id });
    if (!section) throw invalid({ code: [`${course.short_name} already has a section ${body.code}.`] });
    await replaceSectionTeachers(tx, section.id, teacherIds);
    await replaceSectionMeetings(tx, section.id, dedupeMeetings(body.meetings));
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "section.create",
      details: { section_id: section.id, course_id: course.id, code: body.code },
    });
    return sectionAnswer(tx, principal, section.id, today);
  });
}

const dedupeMeetings = (meetings: { block_id: number; day_type: string | null }[]) => {
  const seen = new Set<string>();
  return meetings.filter((m) => {
    const key = `${m.block_id}|${m.day_type}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** PUT /api/sections/{id}: code, term, teachers, meetings (each replaced when given), archived. */
export async function updateSection(db: Db, principal: Principal, id: number, body: SectionUpdateBody, now: Date) {
  const { today } = await schoolTodayOf(db, now);
  return db.transaction(async (tx) => {
    const section = await lockSection(tx, id);
    if (!section) throw notFound("There is no such section.");
    const { errors, teacherIds } = await checkReferences(tx, body, today);
    if (body.code !== undefined && body.code !== section.code) {
      const taken = await sectionWithCode(tx, section.course_id, body.code);
      if (taken) errors.code = [`The course already has a section ${body.code}.`];
    }
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const values = {
      ...(body.code !== undefined ? { code: body.code } : {}),
      ...(body.term_id !== undefined ? { term_id: body.term_id } : {}),
      ...(body.archived !== undefined ? { archived_at: body.archived ? (section.archived_at ?? now) : null } : {}),
    };
    await updateSectionRow(tx, id, values, now);
    if (body.teacher_ids !== undefined) await replaceSectionTeachers(tx, id, teacherIds);
    if (body.meetings !== undefined) await replaceSectionMeetings(tx, id, dedupeMeetings(body.meetings));
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "section.update",
      details: { section_id: id, ...body },
    });
    return sectionAnswer(tx, principal, id, today);
  });
}

/** DELETE /api/sections/{id}: archives the section (its enrolments and history stay). */
export async function archiveSection(db: Db, principal: Principal, id: number, now: Date) {
  return updateSection(db, principal, id, { archived: true }, now);
}

/** GET /api/sections/{id}/enrollments: the current enrolments, then the dropped and ended ones (history). */
export async function listEnrollments(db: Db, id: number, now: Date) {
  const { today } = await schoolTodayOf(db, now);
  const section = await sectionById(db, id, today, null);
  if (!section) throw notFound("There is no such section.");
  const rows = await enrollmentsOfSection(db, id, today);
  return {
    section_id: id,
    enrollments: rows.filter((row) => row.current).map(presentEnrollment),
    history: rows.filter((row) => !row.current).map(presentEnrollment),
  };
}

/**
 * POST /api/sections/{id}/enrollments: enrols students by id or student number from `begin_date` (open
 * when none). An unknown id or number refuses the whole request (422 listing them); a student already
 * enrolled is left as they are. One transaction.
 */
export async function enrollStudents(db: Db, principal: Principal, id: number, body: EnrollBody, now: Date) {
  const { timezone, today } = await schoolTodayOf(db, now);
  const beginDate = body.begin_date ? parseSchoolDate(body.begin_date, timezone) : null;
  if (body.begin_date && !beginDate) throw invalid({ begin_date: ["Enter a valid date."] });
  const endDate = body.end_date ? parseSchoolDate(body.end_date, timezone) : null;
  if (body.end_date && !endDate) throw invalid({ end_date: ["Enter a valid date."] });
  if (beginDate && endDate && endDate < beginDate)
    throw invalid({ end_date: ["The last day of the enrolment is before its first day."] });
  const ids = [...new Set(body.student_ids ?? [])];
  const numbers = [...new Set(body.student_numbers ?? [])];
  return db.transaction(async (tx) => {
    const section = await lockSection(tx, id);
    if (!section) throw notFound("There is no such section.");
    if (beginDate || endDate) await checkWithinTerm(tx, section.term_id, { begin_date: beginDate, end_date: endDate });
    const [byId, byNumber] = await Promise.all([studentsByIds(tx, ids), studentsByNumbers(tx, numbers)]);
    const errors: Record<string, string[]> = {};
    const knownIds = new Set(byId.map((s) => s.id));
    const unknownIds = ids.filter((sid) => !knownIds.has(sid));
    if (unknownIds.length > 0)
      errors.student_ids = [`No student has ${unknownIds.length === 1 ? "this id" : "these ids"}: ${shown(unknownIds)}.`];
    const knownNumbers = new Set(byNumber.map((s) => s.student_number));
    const unknownNumbers = numbers.filter((n) => !knownNumbers.has(n));
    if (unknownNumbers.length > 0)
      errors.student_numbers = [
        `No student has ${unknownNumbers.length === 1 ? "this number" : "these numbers"}: ${shown(unknownNumbers)}.`,
      ];
    if (Object.keys(errors).length > 0) throw invalid(errors, "Some students could not be found: nobody was enrolled.");
    const studentIds = [...new Set([...byId, ...byNumber].map((s) => s.id))];
    const open = new Set((await openEnrollments(tx, id, studentIds, today)).map((e) => e.student_id));
    const fresh = studentIds.filter((sid) => !open.has(sid));
    await insertEnrollments(
      tx,
      fresh.map((student_id) => ({
        student_id,
        course_id: section.course_id,
        section_id: id,
        begin_date: beginDate,
        end_date: endDate,
        enrolled_at: now,
        enrolled_by: principal.staff?.id ?? null,
      })),
    );
    if (fresh.length > 0)
      await insertAudit(tx, {
        actor_user_id: principal.user.id,
        action: "section.enroll",
        details: { section_id: id, student_ids: fresh, begin_date: beginDate, end_date: endDate },
      });
    return { enrolled: fresh.length, already_enrolled: studentIds.length - fresh.length, section: await sectionAnswer(tx, principal, id, today) };
  });
}

/**
 * An enrolment's first and last days lie within the section's term, or within the school year for a
 * section without a term (nothing to check before the year is set): 422 naming each date outside.
 */
async function checkWithinTerm(db: Db, termId: number | null, dates: { begin_date: string | null; end_date: string | null }) {
  let bounds: { what: string; start: string; end: string } | null = null;
  if (termId !== null) {
    const term = await termById(db, termId);
    if (term) bounds = { what: `the section's term, ${term.name}`, start: term.start, end: term.end };
  } else {
    const { yearStart, yearEnd } = await schoolCalendarSettings(db);
    if (yearStart && yearEnd) bounds = { what: "the school year", start: yearStart, end: yearEnd };
  }
  if (!bounds) return;
  const errors: Record<string, string[]> = {};
  const labels = { begin_date: "The first day", end_date: "The last day" } as const;
  for (const key of ["begin_date", "end_date"] as const) {
    const date = dates[key];
    if (date && (date < bounds.start || date > bounds.end))
      errors[key] = [`${labels[key]} must be within ${bounds.what} (${displayDate(bounds.start)} – ${displayDate(bounds.end)}).`];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors, Object.values(errors)[0]![0]);
}

/**
 * DELETE /api/sections/{id}/enrollments/{student_id}: drops the student's enrolment: dropped now, its
 * last day yesterday (the class leaves their week from today). The row stays (history).
 */
export async function dropStudent(db: Db, principal: Principal, id: number, studentId: number, now: Date) {
  const { today } = await schoolTodayOf(db, now);
  return db.transaction(async (tx) => {
    const section = await lockSection(tx, id);
    if (!section) throw notFound("There is no such section.");
    const open = await openEnrollments(tx, id, [studentId], today);
    if (open.length === 0) throw notFound("The student is not enrolled in this section.");
    await dropEnrollments(
      tx,
      open.map((e) => e.id),
      addDays(today, -1),
      now,
    );
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "section.drop",
      details: { section_id: id, student_id: studentId },
    });
    return sectionAnswer(tx, principal, id, today);
  });
}
