import type { Db } from "@/db";
import { updateSettingValue } from "@/db/queries/settings";
import {
  amendments,
  appointments,
  calendarEvents,
  clusterMembers,
  clusters,
  courses,
  enrollments,
  sectionMeetings,
  sections,
  sectionTeachers,
  stars,
} from "@/db/schema";
import { asc, eq } from "drizzle-orm";
import { addDays } from "@/lib/core/time";
import { createBlock, createFocusBlock, regenerateTestCalendar, testToday, WEEKDAYS } from "./timetable-factories";

/**
 * Fixtures for schedule, plan, appointment and profile tests that timetable-factories.ts does not
 * cover: school-year settings, courses and enrolments, appointments, amendments, events, clusters, stars.
 */

/** A school year running from `before` days ago to `after` days ahead (so next and last week are inside). */
export async function setSchoolYear(db: Db, before = 60, after = 60) {
  const today = testToday();
  const start = addDays(today, -before);
  const end = addDays(today, after);
  await updateSettingValue(db, "start_datetime", start);
  await updateSettingValue(db, "end_datetime", end);
  await regenerateTestCalendar(db);
  return { start, end };
}

/**
 * The week most API tests arrange: a school year around today, a 'Focus Block' (flex, 9:26–10:06)
 * and a course 'Block 1' (8:30–9:20), both meeting Monday to Friday.
 */
export async function createWeekTimetable(db: Db) {
  const year = await setSchoolYear(db);
  const focus = await createFocusBlock(db, { days: WEEKDAYS });
  const course = await createBlock(db, {
    label: "Block 1",
    meetings: WEEKDAYS.map((day) => ({ day, start: "08:30", end: "09:20" })),
  });
  return { year, focus, course };
}

/** Sets a setting as stored; one that shapes the school days (the year, include_days) regenerates them. */
export async function setSetting(db: Db, key: string, value: string) {
  await updateSettingValue(db, key, value);
  if (["start_datetime", "end_datetime", "include_days"].includes(key)) await regenerateTestCalendar(db);
}

let sequence = 0;

/**
 * A course taught by a teacher in a block: the course, one section (code: its short name, the whole
 * year) with that teacher, meeting in the block on every day type it meets.
 */
export async function createCourse(db: Db, values: { block_id: number; staff_id: number; name?: string }) {
  const n = `${process.pid}${++sequence}`;
  const [course] = await db
    .insert(courses)
    .values({ name: values.name ?? `Course ${n}`, short_name: `C${n}`, owner_id: values.staff_id })
    .returning();
  const [section] = await db
    .insert(sections)
    .values({ course_id: course!.id, code: course!.short_name })
    .returning({ id: sections.id });
  await db.insert(sectionTeachers).values({ section_id: section!.id, staff_id: values.staff_id });
  await db.insert(sectionMeetings).values({ section_id: section!.id, block_id: values.block_id });
  return course!;
}

/** A student enrolled in a course's (first) section, or in the `section_id` given. */
export async function enroll(
  db: Db,
  values: {
    student_id: number;
    course_id: number;
    section_id?: number;
    enrolled_at?: Date;
    dropped_at?: Date | null;
    begin_date?: string | null;
    end_date?: string | null;
  },
) {
  const [first] = values.section_id
    ? [{ id: values.section_id }]
    : await db
        .select({ id: sections.id })
        .from(sections)
        .where(eq(sections.course_id, values.course_id))
        .orderBy(asc(sections.id))
        .limit(1);
  const [row] = await db
    .insert(enrollments)
    .values({ enrolled_at: new Date(Date.now() - 400 * 86_400_000), section_id: first?.id ?? null, ...values })
    .returning();
  return row!;
}

export async function createAppointment(
  db: Db,
  values: { student_id: number; staff_id: number; block_id: number; date: string; memo?: string },
) {
  const [row] = await db
    .insert(appointments)
    .values({ memo: "See me", ...values })
    .returning();
  return row!;
}

export async function createAmendment(
  db: Db,
  values: { student_id: number | null; staff_id: number; block_id: number; date: string; memo?: string },
) {
  const [row] = await db
    .insert(amendments)
    .values({ memo: "Excused", ...values })
    .returning();
  return row!;
}

/** A named day on the calendar; `no_blocks` makes it a day no block meets (a Pro-D day). */
export async function createEvent(db: Db, values: { date: string; name: string; no_blocks?: boolean }) {
  const [row] = await db.insert(calendarEvents).values(values).returning();
  // A day without blocks changes the school calendar (lib/calendar/regenerate.server.ts).
  if (row!.no_blocks) await regenerateTestCalendar(db);
  return row!;
}

export async function createCluster(
  db: Db,
  values: { name: string; student_ids: number[]; hidden?: boolean },
) {
  const [cluster] = await db
    .insert(clusters)
    .values({ name: values.name, hidden: values.hidden ?? false })
    .returning();
  if (values.student_ids.length) {
    await db
      .insert(clusterMembers)
      .values(values.student_ids.map((student_id) => ({ cluster_id: cluster!.id, student_id })));
  }
  return cluster!;
}

export async function star(
  db: Db,
  values: { staff_id: number; item_type: "student" | "staff"; item_id: number },
) {
  await db.insert(stars).values(values);
}

/** A typed success body that may instead be an error body (tests read both from the same call). */
export type Answer<T> = T & { message: string; code: string; errors: Record<string, string[]> };
