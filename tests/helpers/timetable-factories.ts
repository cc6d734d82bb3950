import type { Db } from "@/db";
import { eq, sql } from "drizzle-orm";
import { blocks, checkIns, plans, schoolDays, settings, timetableMeetings, timetables, topics, topicSchedules } from "@/db/schema";
import { regenerateSchoolDays } from "@/lib/calendar/regenerate.server";
import { WEEKDAY_NAMES } from "@/lib/calendar/generate";
import { addDays, dayOfWeek, schoolToday } from "@/lib/core/time";

/**
 * Timetable and flex-scheduling fixtures for API tests (blocks, weekly meetings, topics, plans,
 * ledger rows). Generic on purpose: check-in, schedules and plans tests share them.
 */

/** The zone tests/helpers/db.ts gives every test database. */
export const TEST_TIMEZONE = "America/Vancouver";

/** Today in the test school's zone. */
export const testToday = (now = new Date()) => schoolToday(TEST_TIMEZONE, now);

/**
 * The date of a weekday (0 = Sunday … 6 = Saturday) in a week relative to this one:
 * `weekdayDate(3)` is next week's Wednesday, `weekdayDate(2, -1)` last week's Tuesday.
 */
export function weekdayDate(weekday: number, weekOffset = 1, now = new Date()): string {
  const today = testToday(now);
  return addDays(today, weekOffset * 7 + weekday - dayOfWeek(today));
}

/** Monday to Friday: the days the standard test timetable meets. */
export const WEEKDAYS = [1, 2, 3, 4, 5];

/** Next week's days, and last week's Tuesday (fixed when the test file loads). */
export const MON = weekdayDate(1);
export const TUE = weekdayDate(2);
export const WED = weekdayDate(3);
export const THU = weekdayDate(4);
export const FRI = weekdayDate(5);
export const SAT = weekdayDate(6);
export const LAST_TUE = weekdayDate(2, -1);

export interface Meeting {
  /** 0 = Sunday … 6 = Saturday. */
  day: number;
  start: string;
  end: string;
}

/** The weekly timetable test blocks meet in: in force since 2000, every weekday name a day type. */
export const TEST_TIMETABLE_FROM = "2000-01-01";

async function testTimetable(db: Db): Promise<number> {
  const [found] = await db.select({ id: timetables.id }).from(timetables).where(eq(timetables.effective_from, TEST_TIMETABLE_FROM));
  if (found) return found.id;
  const [made] = await db
    .insert(timetables)
    .values({ effective_from: TEST_TIMETABLE_FROM, cycle_kind: "weekly", day_types: [...WEEKDAY_NAMES] })
    .returning({ id: timetables.id });
  return made!.id;
}

/** The school meets on every weekday a test block meets (the include_days setting, 1 = Sunday … 7 = Saturday). */
async function includeWeekdays(db: Db, weekdays: number[]) {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, "include_days"));
  const days = new Set((row?.value ?? "2,3,4,5,6").split(",").map(Number));
  const wanted = weekdays.map((day) => day + 1).filter((day) => !days.has(day));
  if (wanted.length === 0) return;
  const value = [...days, ...wanted].sort((a, b) => a - b).join(",");
  await db.update(settings).set({ value }).where(eq(settings.key, "include_days"));
}

/**
 * Regenerates every school day of the test database from its timetables and calendar, past ones too
 * (test set-up, not a school's history: lib/calendar/regenerate.server.ts keeps past rows in real use).
 */
export async function regenerateTestCalendar(db: Db, now = new Date()) {
  await db.transaction(async (tx) => {
    await tx.delete(schoolDays).where(sql`true`);
    await regenerateSchoolDays(tx, now);
  });
}

/** A block with its weekly meetings (in the test weekly timetable; the school days regenerated). */
export async function createBlock(
  db: Db,
  options: { label?: string; flex?: boolean; meetings?: Meeting[] } = {},
) {
  const [block] = await db
    .insert(blocks)
    .values({ label: options.label ?? "Block 1", flex: options.flex ?? false })
    .returning();
  const meetings = options.meetings ?? [];
  const timetableId = await testTimetable(db);
  await includeWeekdays(db, meetings.map((m) => m.day));
  const rows = meetings.length
    ? await db
        .insert(timetableMeetings)
        .values(
          meetings.map((m) => ({
            timetable_id: timetableId,
            block_id: block!.id,
            day_type: WEEKDAY_NAMES[m.day]!,
            start: m.start,
            end: m.end,
          })),
        )
        .returning()
    : [];
  await regenerateTestCalendar(db);
  const schedule = rows.map((row) => ({ ...row, day_of_week: WEEKDAY_NAMES.indexOf(row.day_type as (typeof WEEKDAY_NAMES)[number]) }));
  return { ...block!, schedule };
}

/** A flex block meeting at the same time on the given weekdays (default: 'Focus Block', Tue–Fri, 9:26–10:06). */
export function createFocusBlock(
  db: Db,
  options: { label?: string; days?: number[]; start?: string; end?: string } = {},
) {
  const { label = "Focus Block", days = [2, 3, 4, 5], start = "09:26", end = "10:06" } = options;
  return createBlock(db, { label, flex: true, meetings: days.map((day) => ({ day, start, end })) });
}

/** A student's plan to spend a flex block with a staff member (their own choice unless `source` says how it came about). */
export async function createPlan(
  db: Db,
  values: { student_id: number; staff_id: number; block_id: number; date: string; source?: (typeof plans.$inferInsert)["source"] },
) {
  const [row] = await db.insert(plans).values(values).returning();
  return row!;
}

/** A topic owned by a staff member. */
export async function createTopic(
  db: Db,
  values: { staff_id: number; memo?: string; color?: string; unavailable?: boolean; deleted?: boolean },
) {
  const [row] = await db
    .insert(topics)
    .values({ color: "blue", memo: "Study hall", ...values })
    .returning();
  return row!;
}

/** Puts a topic on a block and date (for its owner). */
export async function scheduleTopic(
  db: Db,
  topic: { id: number; staff_id: number },
  where: { block_id: number; date: string },
) {
  const [row] = await db
    .insert(topicSchedules)
    .values({ topic_id: topic.id, staff_id: topic.staff_id, ...where })
    .returning();
  return row!;
}

/** A ledger row, as if someone had checked the student in. */
export async function createCheckIn(
  db: Db,
  values: {
    student_id: number;
    block_id: number;
    date: string;
    staff_id?: number | null;
    checked_in_by?: number | null;
    method?: (typeof checkIns.$inferInsert)["method"];
    checked_in_at?: Date;
    topic_id?: number | null;
  },
) {
  const [row] = await db
    .insert(checkIns)
    .values({ checked_in_at: new Date(), ...values })
    .returning();
  return row!;
}
