/** @jest-environment node */
import { parse } from "csv-parse/sync";
import { and, eq, inArray } from "drizzle-orm";
import { GET as unscheduledRoute } from "@/app/api/placement/unscheduled/route";
import { GET as attendanceRoute } from "@/app/api/reports/attendance/route";
import { GET as sisRoute } from "@/app/api/reports/sis-export/route";
import { GET as scheduleRoute } from "@/app/api/students/[id]/schedule/[date]/route";
import { GET as profileRoute } from "@/app/api/students/profile/[id]/route";
import { plans, students } from "@/db/schema";
import { studentTileStatus } from "@/components/calendar/tile-rules";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { placeDay } from "@/lib/placement/service.server";
import { attendancePeriod, attendsOn } from "@/lib/core/attendance/period";
import type { StudentScheduleBlock } from "@/lib/core/schedule/types";
import { addDays, schoolInstant } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { csvFile, upload } from "../helpers/imports";
import { setSchoolYear, setSetting } from "../helpers/schedule-factories";
import { statementsOf } from "../helpers/statements";
import { createCheckIn, createFocusBlock, TEST_TIMEZONE, testToday, weekdayDate } from "../helpers/timetable-factories";

/**
 * Nobody is counted absent (or "missed") in a Focus Block that began before the school's
 * attendance_from, before their own attends_from, before their account existed, or once they were
 * archived: not in the reports, the SIS export, the student's week (its tiles) or default placement.
 * A block, not a day: a student imported at 1 PM never missed that morning's Focus Block (a school
 * set up mid-morning got 1,200 "Missed" and 1,200 `absent` rows for a block that had ended before
 * anyone was imported).
 */
const state = useTestDb();
const at = (date: string, time: string) => schoolInstant(date, time, TEST_TIMEZONE);

/** Three past weeks of a Monday–Friday Focus Block (9:26–10:06). */
const weeks = [-4, -3, -2].map((offset) => [1, 2, 3, 4, 5].map((day) => weekdayDate(day, offset)));
const days = weeks.flat();
const range = { from: days[0]!, to: days[days.length - 1]! };
const [mon3, tue3, wed3, thu3] = weeks[1]!;
const mon2 = weeks[2]![0]!;

type Student = Awaited<ReturnType<typeof createStudent>>;
let focus: { id: number };
const kids: Record<"veteran" | "newcomer" | "lateStart" | "leaver" | "today", Student> = {} as never;
const tokens: Record<string, string> = {};
let yearStart: string;

beforeAll(async () => {
  const db = state.db;
  const year = await setSchoolYear(db, 120, 60);
  yearStart = year.start;
  focus = await createFocusBlock(db, { days: [1, 2, 3, 4, 5] });
  // Attendance counts from the year's first day (the default is the day the school was set up).
  await setSetting(db, "attendance_from", year.start);
  const fromYearStart = { created_at: at(year.start, "07:00") };
  kids.veteran = await createStudent(db, { first_name: "Vera", last_name: "Aa", ...fromYearStart });
  // Imported on Wednesday afternoon of the middle week (after that day's Focus Block, 9:26–10:06), no attends_from.
  kids.newcomer = await createStudent(db, { first_name: "Nico", last_name: "Bb", created_at: at(wed3, "13:00") });
  // An account from the start of the year, attending from the last week's Monday.
  kids.lateStart = await createStudent(db, { first_name: "Lale", last_name: "Cc", ...fromYearStart, attends_from: mon2 });
  // Left on Tuesday of the middle week at noon (after that day's Focus Block).
  kids.leaver = await createStudent(db, { first_name: "Leo", last_name: "Dd", ...fromYearStart, archived_at: at(tue3, "12:00") });
  // Created today: nothing before today counts.
  kids.today = await createStudent(db, { first_name: "Tia", last_name: "Ee" });
  // Vera was checked in on the first Monday.
  await createCheckIn(db, { student_id: kids.veteran.student.id, block_id: focus.id, date: days[0]!, checked_in_at: at(days[0]!, "09:30") });
  tokens.admin = await tokenFor(db, await createAdmin(db));
});

const sisRows = async (query: { from: string; to: string }) => {
  const res = await call(sisRoute, { token: tokens.admin, query });
  expect(res.status).toBe(200);
  return parse(res.body as string, { bom: true, columns: true }) as Record<string, string>[];
};
const datesOf = (rows: Record<string, string>[], student: Student) =>
  rows.filter((r) => r.student_number === student.student.student_number).map((r) => [r.date, r.status]);
const report = (query: Record<string, string>) => call(attendanceRoute, { token: tokens.admin, query: { ...range, ...query } });
const byStudent = async () => {
  const res = await report({ group_by: "student" });
  expect(res.status).toBe(200);
  return new Map(
    (res.body.rows as { student: { id: number }; attended: number; missed: number; excused: number }[]).map((r) => [
      r.student.id,
      [r.attended, r.missed],
    ]),
  );
};
const absentFrom = (first: string, last = range.to) => days.filter((d) => d >= first && d <= last).map((d) => [d, "absent"]);

describe("a student's own start and archiving", () => {
  it("exports absent rows only from the first Focus Block that starts after the account exists and on its attends_from, until archived", async () => {
    const rows = await sisRows(range);
    expect(datesOf(rows, kids.veteran)).toEqual([[days[0], "present"], ...absentFrom(days[1]!)]);
    // Created on Wednesday afternoon: Wednesday's Focus Block had ended, Thursday's is the first.
    expect(datesOf(rows, kids.newcomer)).toEqual(absentFrom(thu3));
    expect(datesOf(rows, kids.lateStart)).toEqual(absentFrom(mon2));
    // Archived Tuesday at noon: Tuesday's Focus Block had begun, Wednesday's had not.
    expect(datesOf(rows, kids.leaver)).toEqual(absentFrom(days[0]!, tue3));
    expect(datesOf(rows, kids.today)).toEqual([]);
    expect(rows).toHaveLength(15 + 7 + 5 + 7);
  });

  it("counts missed Focus Blocks by student and by day within the same bounds", async () => {
    const counts = await byStudent();
    expect(counts.get(kids.veteran.student.id)).toEqual([1, 14]);
    expect(counts.get(kids.newcomer.student.id)).toEqual([0, 7]);
    expect(counts.get(kids.lateStart.student.id)).toEqual([0, 5]);
    expect(counts.get(kids.leaver.student.id)).toEqual([0, 7]);
    expect(counts.has(kids.today.student.id)).toBe(false);
    const byDay = await report({ group_by: "day" });
    const missed = new Map((byDay.body.rows as { date: string; missed: number }[]).map((r) => [r.date, r.missed]));
    expect(missed.get(days[0]!)).toBe(1); // the leaver (Vera came)
    expect(missed.get(tue3)).toBe(2); // Vera and the leaver
    expect(missed.get(wed3)).toBe(1); // Vera (the newcomer came after its Focus Block)
    expect(missed.get(thu3)).toBe(2); // Vera and the newcomer
    expect(missed.get(mon2)).toBe(3); // Vera, the newcomer and the late start
    const drill = await report({ group_by: "student", student_id: String(kids.newcomer.student.id) });
    expect(drill.body.blocks.map((b: { date: string }) => b.date)).toEqual(days.filter((d) => d >= thu3));
  });

  it("gives staff the student's effective attends_from on the profile (an added field)", async () => {
    const profile = (student: Student) => call(profileRoute, { token: tokens.admin, params: { id: String(student.student.id) } });
    expect((await profile(kids.newcomer)).body.attends_from).toBe(wed3);
    expect((await profile(kids.lateStart)).body.attends_from).toBe(mon2);
    expect((await profile(kids.today)).body.attends_from).toBe(testToday());
    // attends_from stays null in the row: the creation date is what it means.
    const [row] = await state.db.select({ attends_from: students.attends_from }).from(students).where(eq(students.id, kids.newcomer.student.id));
    expect(row!.attends_from).toBeNull();
  });

  it("leaves students imported from a CSV today (attends_from null) out of every earlier Focus Block", async () => {
    const res = await upload({ token: tokens.admin, file: csvFile(["first_name,last_name,grade,student_number", "Imogen,Import,9,7100001"]) });
    expect(res.status).toBe(202);
    await runPendingJobs(state.db);
    const [row] = await state.db.select().from(students).where(eq(students.student_number, "7100001"));
    expect(row!.attends_from).toBeNull();
    const rows = await sisRows(range);
    expect(rows.filter((r) => r.student_number === "7100001")).toEqual([]);
    const profile = await call(profileRoute, { token: tokens.admin, params: { id: String(row!.id) } });
    expect(profile.body.attends_from).toBe(testToday());
  });

  it("never shows a Missed tile on the student's week before they attend or once archived", async () => {
    const week = async (student: Student, date: string) => {
      const res = await call(scheduleRoute, { token: tokens.admin, params: { id: String(student.student.id), date } });
      expect(res.status).toBe(200);
      return (res.body.schedule as { date: { full_date?: string; date: string }; blocks: StudentScheduleBlock[] }[]).map((day) =>
        day.blocks.filter((b) => b.flex).map((b) => studentTileStatus(b)),
      );
    };
    // Monday to Friday of the middle week.
    expect(await week(kids.newcomer, mon3)).toEqual([["past"], ["past"], ["past"], ["missed"], ["missed"]]);
    expect(await week(kids.leaver, mon3)).toEqual([["missed"], ["missed"], ["past"], ["past"], ["past"]]);
    expect(await week(kids.veteran, mon3)).toEqual([["missed"], ["missed"], ["missed"], ["missed"], ["missed"]]);
  });
});

describe("the school's attendance_from", () => {
  afterAll(() => setSetting(state.db, "attendance_from", yearStart));

  it("leaves every Focus Block before it out of the report, the SIS export and the missed tiles", async () => {
    await setSetting(state.db, "attendance_from", thu3);
    const rows = await sisRows(range);
    expect(rows.filter((r) => r.date < thu3)).toEqual([]);
    expect(datesOf(rows, kids.veteran)).toEqual(absentFrom(thu3));
    expect(datesOf(rows, kids.newcomer)).toEqual(absentFrom(thu3));
    expect(datesOf(rows, kids.leaver)).toEqual([]);
    const res = await report({ group_by: "student" });
    expect(res.body.focus_blocks).toBe(7);
    const counts = await byStudent();
    // Vera's check-in on the first Monday was before attendance counted: neither attended nor missed.
    expect(counts.get(kids.veteran.student.id)).toEqual([0, 7]);
    expect(counts.has(kids.leaver.student.id)).toBe(false);
    const byDay = await report({ group_by: "day" });
    expect(byDay.body.rows.map((r: { date: string }) => r.date)).toEqual(days.filter((d) => d >= thu3));
    const teacher = await report({ group_by: "teacher" });
    expect(teacher.body.rows.every((r: { blocks: number }) => r.blocks === 7)).toBe(true);
    const weekRes = await call(scheduleRoute, { token: tokens.admin, params: { id: String(kids.veteran.student.id), date: mon3 } });
    const tiles = (weekRes.body.schedule as { blocks: StudentScheduleBlock[] }[]).map((d) => d.blocks.filter((b) => b.flex).map(studentTileStatus));
    expect(tiles).toEqual([["past"], ["past"], ["past"], ["missed"], ["missed"]]);
  });

  it("counts from the school year's first day when it is empty", async () => {
    await setSetting(state.db, "attendance_from", "");
    const rows = await sisRows(range);
    expect(datesOf(rows, kids.veteran)).toEqual([[days[0], "present"], ...absentFrom(days[1]!)]);
  });
});

describe("default placement", () => {
  let homeroom: Awaited<ReturnType<typeof createStaff>>;
  const [nextTue, nextWed, nextThu, nextFri] = [2, 3, 4, 5].map((d) => weekdayDate(d, 1));
  const placedOn = async (date: string, ids: number[]) =>
    (
      await state.db
        .select({ student_id: plans.student_id })
        .from(plans)
        .where(and(eq(plans.date, date), eq(plans.block_id, focus.id), inArray(plans.student_id, ids)))
    )
      .map((r) => r.student_id)
      .sort((a, b) => a - b);
  const day = (date: string, cutoffAt: Date) => ({ date, blockIds: [focus.id], start: "09:26:00", startsAt: at(date, "09:26"), cutoffAt });

  beforeAll(async () => {
    homeroom = await createStaff(state.db);
    const ids = Object.values(kids).map((k) => k.student.id);
    await state.db.update(students).set({ default_teacher_id: homeroom.staff.id }).where(inArray(students.id, ids));
  });

  it("places nobody on a date before they attend from, nor an account created after the date's cutoff", async () => {
    const starter = await createStudent(state.db, { default_teacher_id: homeroom.staff.id, attends_from: nextWed });
    const attending = [kids.veteran, kids.newcomer, kids.lateStart, kids.today].map((s) => s.student.id).sort((a, b) => a - b);
    const ids = [...attending, kids.leaver.student.id, starter.student.id];
    // The unscheduled list leaves out who does not attend yet (and the archived), as placement does.
    const listed = await call(unscheduledRoute, { token: tokens.admin, query: { date: nextTue } });
    expect(listed.status).toBe(200);
    const listedIds = (listed.body.students as { id: number }[]).map((s) => s.id).filter((id) => ids.includes(id));
    expect(listedIds.sort((a, b) => a - b)).toEqual(attending);
    expect(await placeDay(state.db, day(nextTue, at(nextTue, "08:00")))).toMatchObject({ date: nextTue, placed: 4 });
    expect(await placedOn(nextTue, ids)).toEqual(attending);
    expect(await placeDay(state.db, day(nextWed, at(nextWed, "08:00")))).toMatchObject({ date: nextWed, placed: 5 });
    expect(await placedOn(nextWed, [starter.student.id])).toEqual([starter.student.id]);
    // A run caught up late for last Tuesday: an account made after that block (today's) is not placed there.
    const lastTue = weekdayDate(2, -1);
    await placeDay(state.db, day(lastTue, at(lastTue, "08:00")));
    expect(await placedOn(lastTue, ids)).toEqual(attending.filter((id) => id !== kids.today.student.id));
  });

  it("places nobody before the school's attendance_from", async () => {
    const ids = [kids.veteran.student.id, kids.today.student.id];
    await setSetting(state.db, "attendance_from", nextFri);
    const unscheduled = await call(unscheduledRoute, { token: tokens.admin, query: { date: nextThu } });
    expect(unscheduled.status).toBe(200);
    expect(unscheduled.body.students).toEqual([]);
    expect(await placeDay(state.db, day(nextThu, at(nextThu, "08:00")))).toMatchObject({ placed: 0, skipped: 0 });
    expect(await placedOn(nextThu, ids)).toEqual([]);
    expect(await placeDay(state.db, day(nextFri, at(nextFri, "08:00")))).toMatchObject({ placed: 5 });
    expect(await placedOn(nextFri, ids)).toEqual(ids.sort((a, b) => a - b));
    await setSetting(state.db, "attendance_from", "");
  });

  it("places an account made after the date's cutoff but before its block (a cutoff already passed when the school set it)", async () => {
    const late = await createStudent(state.db, { default_teacher_id: homeroom.staff.id });
    const date = weekdayDate(4, 2);
    const listed = await call(unscheduledRoute, { token: tokens.admin, query: { date } });
    expect((listed.body.students as { id: number }[]).map((s) => s.id)).toContain(late.student.id);
    expect(await placeDay(state.db, day(date, new Date(Date.now() - 86_400_000)))).toMatchObject({ date });
    expect(await placedOn(date, [late.student.id])).toEqual([late.student.id]);
  });
});

describe("a block, not a day", () => {
  const [, , , thu, fri] = weeks[1]!;
  const window = { from: thu!, to: weeks[2]![1]! };
  const inWindow = days.filter((d) => d >= window.from && d <= window.to);

  it("counts nobody imported after the morning's Focus Block, even with attends_from that day (a school set up mid-morning)", async () => {
    const morning = await createStudent(state.db, { first_name: "Mo", last_name: "Zz", created_at: at(thu!, "08:00") });
    const during = await createStudent(state.db, { first_name: "Du", last_name: "Zz", created_at: at(thu!, "09:40") });
    // What an SIS import of that day writes: the account at 11:00, attending from that date.
    const imported = await createStudent(state.db, { first_name: "Im", last_name: "Zz", created_at: at(thu!, "11:00"), attends_from: thu! });
    // Made during the block and checked in there and then: present all the same.
    const checkedIn = await createStudent(state.db, { first_name: "Ci", last_name: "Zz", created_at: at(thu!, "09:40") });
    await createCheckIn(state.db, { student_id: checkedIn.student.id, block_id: focus.id, date: thu!, checked_in_at: at(thu!, "09:45") });
    const rows = await sisRows(window);
    expect(datesOf(rows, checkedIn)).toEqual([[thu, "present"], ...inWindow.filter((d) => d > thu!).map((d) => [d, "absent"])]);
    expect(datesOf(rows, morning)).toEqual(inWindow.map((d) => [d, "absent"]));
    expect(datesOf(rows, during)).toEqual(inWindow.filter((d) => d > thu!).map((d) => [d, "absent"]));
    expect(datesOf(rows, imported)).toEqual(inWindow.filter((d) => d > thu!).map((d) => [d, "absent"]));
    const counts = await byStudent();
    expect(counts.get(imported.student.id)).toEqual([0, days.filter((d) => d > thu!).length]);
    const res = await call(scheduleRoute, { token: tokens.admin, params: { id: String(imported.student.id), date: thu! } });
    const thursday = (res.body.schedule as { date: { iso: string }; blocks: StudentScheduleBlock[] }[]).find((d) => d.date.iso === thu);
    expect(thursday!.blocks.filter((b) => b.flex).map(studentTileStatus)).toEqual(["past"]);
  });

  it("the SIS export (SQL) and the student's week (TypeScript) agree with lib/core/attendance/period.ts on every block", async () => {
    const created = ["09:00", "09:25", "09:26", "09:40", "10:06", "11:00"].map((time) => at(thu!, time));
    const starts = [null, thu!, fri!];
    const archived = [null, at(fri!, "09:00"), at(fri!, "09:26"), at(fri!, "09:27")];
    const grid: { student: Student; row: { attends_from: string | null; created_at: Date; archived_at: Date | null } }[] = [];
    for (const created_at of created)
      for (const attends_from of starts)
        for (const archived_at of archived) {
          const student = await createStudent(state.db, { last_name: `Grid${grid.length}`, created_at, attends_from, archived_at });
          grid.push({ student, row: { attends_from, created_at, archived_at } });
        }
    const rows = await sisRows(window);
    const weekOf = async (student: Student) => {
      const res = await call(scheduleRoute, { token: tokens.admin, params: { id: String(student.student.id), date: thu! } });
      return new Map(
        (res.body.schedule as { date: { iso: string }; blocks: StudentScheduleBlock[] }[]).map((d) => [
          d.date.iso,
          d.blocks.filter((b) => b.flex).map(studentTileStatus)[0],
        ]),
      );
    };
    for (const { student, row } of grid) {
      const period = attendancePeriod(row, yearStart);
      const expected = inWindow.filter((d) => attendsOn(period, d, at(d, "09:26"))).map((d) => [d, "absent"]);
      expect([row, datesOf(rows, student)]).toEqual([row, expected]);
      const week = await weekOf(student);
      const tiles = inWindow.filter((d) => week.has(d)).map((d) => [d, week.get(d) === "missed" ? "absent" : week.get(d)]);
      expect([row, tiles.filter(([, status]) => status === "absent")]).toEqual([row, expected.filter(([d]) => week.has(d!))]);
    }
  });
});

it("keeps the report's statement count (the bounds are in the SQL)", async () => {
  const measure = async () => (await statementsOf(tokens.admin, () => call(sisRoute, { token: tokens.admin, query: range }))).statements;
  const before = await measure();
  for (let i = 0; i < 5; i++) await createStudent(state.db, { created_at: at(addDays(range.from, i), "12:00") });
  expect(await measure()).toBe(before);
});
