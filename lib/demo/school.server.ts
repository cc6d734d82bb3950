import "server-only";
import type { Db } from "@/db/client";
import { updateSettingValue } from "@/db/queries/settings";
import { sql } from "drizzle-orm";
import { staff, students } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password.server";
import { findAccountByUserId } from "@/db/queries/auth";
import type { Principal } from "@/lib/auth/principal";
import { saveSchoolYear } from "@/lib/calendar/school-year.server";
import { ensureDefaultSettings } from "@/lib/settings/service.server";
import { addDays, schoolInstant, type SchoolDate } from "@/lib/core/time";
import { seedCalendar, type SeedCalendar } from "./calendar.server";
import { seedBlocks, seedClusters, seedCourses } from "./curriculum.server";
import { seedFlexActivity, type FlexCounts } from "./flex.server";
import { withoutForeignKeyChecks } from "./insert.server";
import { seedPeople, type SeededPeople } from "./people.server";
import { Random } from "./random.server";
import { seedCalendarEvents, seedNotifications, seedStars } from "./social.server";
import { demoStudentStory } from "./story.server";
import { seedTopics } from "./topics.server";
import { seedDefaultPlacement } from "./placement.server";

export const DEMO_PASSWORD = "demo-password";

export interface SeedSchoolOptions {
  now: Date;
  /** IANA zone; "now" is read in it and stored as the `timezone` setting. */
  timezone: string;
  /** Students in all, counting student 100001 (numbers 100001 upward). */
  students: number;
  /** Teachers besides admin@, teacher@ and new@ (15 % of them administrators). */
  extraTeachers: number;
  /** Weeks of plans and check-ins before the current week, and of plans after it. */
  weeksBack: number;
  weeksAhead: number;
  /** PRNG seed; the same seed and `now` build the same school. */
  seed?: number;
  /** A hash of the shared password; hashed from DEMO_PASSWORD when absent. */
  passwordHash?: string;
  /** School year (`YYYY-MM-DD`). Absent: 1 Sep–30 Jun around now, stretched to cover the seeded weeks. */
  yearStart?: SchoolDate;
  yearEnd?: SchoolDate;
}

export interface SeededSchool extends FlexCounts {
  people: SeededPeople;
  yearStart: SchoolDate;
  yearEnd: SchoolDate;
  focusDates: number;
  topicSchedules: number;
}

/**
 * Builds a whole school into an empty database: people and logins, the timetable, courses and
 * enrolments, clusters, topics, plans, check-ins, appointments, amendments, notifications, the wiki
 * and calendar events. Rows go in a chunk per statement. Run it inside a transaction.
 */
export async function seedSchool(db: Db, options: SeedSchoolOptions): Promise<SeededSchool> {
  // In the caller's transaction this is a savepoint; either way the whole school lands or none of it.
  return db.transaction((tx) => seedInTransaction(tx, options));
}

/** The demo's school year: attendance counts from its first day, two semesters split at February. */
function schoolYearOf(calendar: SeedCalendar) {
  const february = `${calendar.yearEnd.slice(0, 4)}-02-01`;
  const split = february > calendar.yearStart && february <= calendar.yearEnd;
  return {
    start: calendar.yearStart,
    end: calendar.yearEnd,
    attendance_from: calendar.yearStart,
    terms: split
      ? [
          { name: "Semester 1", start: calendar.yearStart, end: addDays(february, -1) },
          { name: "Semester 2", start: february, end: calendar.yearEnd },
        ]
      : [{ name: "School year", start: calendar.yearStart, end: calendar.yearEnd }],
  };
}

async function seedInTransaction(db: Db, options: SeedSchoolOptions): Promise<SeededSchool> {
  const random = new Random(options.seed ?? 20200321);
  const calendar = seedCalendar(options);
  await ensureDefaultSettings(db, options.now);
  await updateSettingValue(db, "timezone", options.timezone);

  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const people = await seedPeople(db, random, {
    students: options.students,
    extraTeachers: options.extraTeachers,
    passwordHash,
    now: options.now,
  });
  // The calendar is set up as the school's system administrator would in the browser (lib/calendar).
  const account = await findAccountByUserId(db, people.sysadminUserId);
  const sysadmin: Principal = { ...account!, role: "sysadmin", sessionId: 0 };
  await saveSchoolYear(db, sysadmin, schoolYearOf(calendar), options.now);
  const blocks = await seedBlocks(db, sysadmin, calendar.yearStart, options.now);
  await seedCalendarEvents(db, sysadmin, calendar, options.now);
  await seedCourses(db, sysadmin, random, people, blocks, calendar.yearStart, options.now);
  const clusters = await seedClusters(db, random, people);

  const counts = await withoutForeignKeyChecks(db, async () => {
    const grid = await seedTopics(db, random, people, calendar.focus, blocks.focusBlockId);
    return seedFlexActivity(db, random, people, {
      now: options.now,
      focus: calendar.focus,
      focusBlockId: blocks.focusBlockId,
      grid,
      story: demoStudentStory(calendar),
    });
  });

  await seedDefaultPlacement(db, people, calendar.focus, options);
  await seedNotifications(db, random, people, options.now);
  await seedStars(db, people, clusters);
  // The demo's people were there all year: their history counts from its first day.
  await db.update(students).set({ attends_from: calendar.yearStart }).where(sql`true`);
  // A block that began before a student's account existed is never theirs to miss, and the accounts were
  // made just now: dated to the first seeded Focus day, a seeded past block without a check-in reads as
  // absent. Not the year's start: the year begins before the seeded weeks, whose Focus Blocks nobody attended.
  const firstFocus = calendar.focus[0];
  if (firstFocus) {
    await db
      .update(students)
      .set({ created_at: schoolInstant(firstFocus.date, "00:00", options.timezone) })
      .where(sql`true`);
  }
  // Staff too (a teacher offers seats from when their account exists: the reports' capacity used).
  await db.update(staff).set({ created_at: schoolInstant(calendar.yearStart, "00:00", options.timezone) }).where(sql`true`);
  return {
    ...counts,
    people,
    yearStart: calendar.yearStart,
    yearEnd: calendar.yearEnd,
    focusDates: calendar.focus.length,
    topicSchedules: calendar.focus.length * people.staff.length,
  };
}
