/** @jest-environment node */
import { parse } from "csv-parse/sync";
import { eq, inArray } from "drizzle-orm";
import { POST as createApiToken } from "@/app/api/api-tokens/route";
import { GET as attendanceRoute } from "@/app/api/reports/attendance/route";
import { GET as sisRoute } from "@/app/api/reports/sis-export/route";
import { amendments, appointments, checkIns, plans, staff, students } from "@/db/schema";
import { attendanceCellRows } from "@/db/queries/reports";
import {
  appointmentStatus,
  attendanceRate,
  attendanceStatus,
  planStatus,
  SIS_STATUS,
  type AttendanceStatus,
} from "@/lib/core/attendance/rules";
import { addDays, isPending, schoolInstant } from "@/lib/core/time";
import { createStudents } from "../helpers/bulk-factories";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createAmendment, createAppointment, createCluster, setSchoolYear, setSetting } from "../helpers/schedule-factories";
import { statementsOf } from "../helpers/statements";
import {
  createCheckIn,
  createFocusBlock,
  createPlan,
  TEST_TIMEZONE,
  testToday,
  weekdayDate,
} from "../helpers/timetable-factories";

/**
 * The attendance reports equal a brute-force count over the same rows, made here from the raw tables
 * with the rules of lib/core/attendance/rules.ts, on data generated from several seeds (one past week each).
 * Nobody is counted in a Focus Block before the school's attendance_from, before their own attends_from,
 * that began before their account was created, or once archived: the brute force leaves those cells out.
 */
const state = useTestDb();

const FOCUS_END = "10:06";
const FOCUS_START = "09:26";
const SEEDS = [1, 2, 3, 4];
const weekOf = (seed: number) => ({ from: weekdayDate(1, -1 - seed), to: weekdayDate(5, -1 - seed) });

/** mulberry32: a small seeded generator, so each seed gives the same data every run. */
function random(seed: number) {
  let a = seed * 0x9e3779b9;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Staff = Awaited<ReturnType<typeof createStaff>>;
let focus: Awaited<ReturnType<typeof createFocusBlock>>;
let other: Awaited<ReturnType<typeof createFocusBlock>>;
let teachers: Staff[];
let admin: Staff;
let pupils: { id: number; grade: number }[];
let clusterId: number;
const tokens: Record<string, string> = {};
/** Attendance counts at the school from the Wednesday of the earliest seed's week. */
const ATTENDANCE_FROM = addDays(weekOf(SEEDS[SEEDS.length - 1]!).from, 2);

beforeAll(async () => {
  const year = await setSchoolYear(state.db, 120, 60);
  await setSetting(state.db, "attendance_from", ATTENDANCE_FROM);
  focus = await createFocusBlock(state.db, { days: [1, 2, 3, 4, 5], start: FOCUS_START, end: FOCUS_END });
  // A second flex block on the same days: not the Focus Block, so nothing on it is counted.
  other = await createFocusBlock(state.db, { label: "Study Hall", days: [1, 2, 3, 4, 5], start: "13:00", end: "13:40" });
  teachers = [];
  for (let i = 0; i < 4; i++) {
    teachers.push(await createStaff(state.db, { first_name: `T${i}`, last_name: `Teacher${i}`, capacity: 5 + i }));
  }
  admin = await createAdmin(state.db);
  const made = await createStudents(state.db, 14);
  pupils = made.map((s) => ({ id: s.id, grade: s.grade }));
  // Default (homeroom) teachers for some students.
  for (const [i, s] of pupils.entries()) {
    if (i % 3 === 0) {
      await state.db.update(students).set({ default_teacher_id: teachers[i % 4]!.staff.id }).where(eq(students.id, s.id));
    }
  }
  // The accounts existed from the start of the year (the data lies in past weeks)…
  await state.db
    .update(students)
    .set({ created_at: schoolInstant(year.start, "07:00", TEST_TIMEZONE) })
    .where(inArray(students.id, pupils.map((s) => s.id)));
  // …the teachers' too (a teacher offers seats from when their account exists)…
  await state.db
    .update(staff)
    .set({ created_at: schoolInstant(year.start, "07:00", TEST_TIMEZONE) })
    .where(inArray(staff.id, teachers.map((t) => t.staff.id)));
  // …but one was created on the Wednesday afternoon of the second seed's week (after that day's Focus Block),
  await state.db
    .update(students)
    .set({ created_at: schoolInstant(addDays(weekOf(2).from, 2), "14:00", TEST_TIMEZONE) })
    .where(eq(students.id, pupils[11]!.id));
  // one created today says it attends from the Thursday of the third seed's week (before its account: nothing counts),
  await state.db
    .update(students)
    .set({ created_at: new Date(), attends_from: addDays(weekOf(3).from, 3) })
    .where(eq(students.id, pupils[12]!.id));
  // and one left mid-way through the first seed's week.
  const leftAt = schoolInstant(addDays(weekOf(1).from, 2), "09:50", TEST_TIMEZONE);
  await state.db.update(students).set({ archived_at: leftAt }).where(eq(students.id, pupils[13]!.id));
  clusterId = (await createCluster(state.db, { name: "Robotics", student_ids: pupils.slice(0, 5).map((s) => s.id) })).id;

  for (const seed of SEEDS) {
    const rand = random(seed);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
    const { from } = weekOf(seed);
    for (let d = 0; d < 5; d++) {
      const date = addDays(from, d);
      if (rand() < 0.3) {
        await createAmendment(state.db, { student_id: null, staff_id: admin.staff.id, block_id: focus.id, date, memo: "Assembly" });
      }
      for (const s of pupils) {
        const planWith = rand() < 0.5 ? pick(teachers) : null;
        if (planWith) await createPlan(state.db, { student_id: s.id, staff_id: planWith.staff.id, block_id: focus.id, date });
        if (rand() < 0.2) {
          await createAppointment(state.db, { student_id: s.id, staff_id: pick(teachers).staff.id, block_id: focus.id, date });
        }
        if (rand() < 0.12) {
          await createAmendment(state.db, { student_id: s.id, staff_id: admin.staff.id, block_id: focus.id, date });
        }
        const r = rand();
        if (r < 0.6) {
          const by = r < 0.05 ? null : planWith && rand() < 0.7 ? planWith : pick(teachers);
          await createCheckIn(state.db, {
            student_id: s.id,
            block_id: focus.id,
            date,
            staff_id: by?.staff.id ?? null,
            method: pick(["manual", "roll-call", "retroactive"] as const),
            checked_in_at: schoolInstant(date, "09:30", TEST_TIMEZONE),
          });
        }
        if (rand() < 0.3) await createCheckIn(state.db, { student_id: s.id, block_id: other.id, date, staff_id: pick(teachers).staff.id });
      }
    }
  }
  tokens.admin = await tokenFor(state.db, admin);
  tokens.teacher = await tokenFor(state.db, teachers[1]!);
  tokens.sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
  // A student in no teacher's plans, bookings or ledger, attending all year: missed in every week.
  tokens.student = await tokenFor(state.db, await createStudent(state.db, { created_at: schoolInstant(year.start, "07:00", TEST_TIMEZONE) }));
});

/** Every raw row the brute force reads. */
async function rawRows() {
  return {
    students: await state.db.select().from(students),
    plans: await state.db.select().from(plans),
    appointments: await state.db.select().from(appointments),
    amendments: await state.db.select().from(amendments),
    checkIns: await state.db.select().from(checkIns),
    clusterMembers: pupils.slice(0, 5).map((s) => s.id),
  };
}
type Raw = Awaited<ReturnType<typeof rawRows>>;

interface Filter {
  from: string;
  to: string;
  teacherId?: number;
  grade?: number;
  cluster?: boolean;
}

/** The cells and counts, by brute force over the raw rows with the lib rules. */
function bruteForce(raw: Raw, filter: Filter, now = new Date()) {
  const inRange = (date: string) => date >= filter.from && date <= filter.to;
  const teacherStudents = new Set<number>();
  if (filter.teacherId) {
    for (const s of raw.students) if (s.default_teacher_id === filter.teacherId) teacherStudents.add(s.id);
    for (const list of [raw.plans, raw.appointments, raw.checkIns]) {
      for (const row of list) if (row.staff_id === filter.teacherId && inRange(row.date)) teacherStudents.add(row.student_id);
    }
  }
  const scoped = raw.students.filter(
    (s) =>
      (!filter.teacherId || teacherStudents.has(s.id)) &&
      (!filter.grade || s.grade === filter.grade) &&
      (!filter.cluster || raw.clusterMembers.includes(s.id)),
  );
  const dates: string[] = [];
  for (let d = filter.from; d <= filter.to; d = addDays(d, 1)) {
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5 && d >= ATTENDANCE_FROM) dates.push(d);
  }
  const cells: { student_id: number; date: string; status: AttendanceStatus; log: (typeof raw.checkIns)[number] | undefined }[] = [];
  for (const s of scoped) {
    for (const date of dates) {
      const startsAt = schoolInstant(date, FOCUS_START, TEST_TIMEZONE).getTime();
      if (s.archived_at && s.archived_at.getTime() <= startsAt) continue;
      const here = <T extends { block_id: number; date: string }>(row: T) => row.block_id === focus.id && row.date === date;
      const amended = raw.amendments.some((a) => here(a) && (a.student_id === null || a.student_id === s.id));
      const log = raw.checkIns.find((c) => here(c) && c.student_id === s.id);
      // Before they attend (their attends_from, a block that began before their account), only a log counts.
      const outside = (s.attends_from !== null && date < s.attends_from) || s.created_at.getTime() >= startsAt;
      if (outside && !log) continue;
      const pending = isPending(date, FOCUS_END, TEST_TIMEZONE, now);
      cells.push({
        student_id: s.id,
        date,
        status: attendanceStatus({ amended, logged: !!log, pending, outside: false, flex: true }),
        log,
      });
    }
  }
  const cellOf = (studentId: number, date: string) => cells.find((c) => c.student_id === studentId && c.date === date);
  const logsOf = (studentId: number, date: string) => {
    const log = cellOf(studentId, date)?.log;
    return log ? [{ staff: log.staff_id ? { id: log.staff_id } : null, student: { id: studentId } }] : [];
  };
  const count = (list: typeof cells, status: AttendanceStatus) => list.filter((c) => c.status === status).length;
  const counted = (list: typeof cells) => ({ attended: count(list, "attended"), missed: count(list, "missed"), excused: count(list, "void") });

  const byStudent = [...new Set(cells.map((c) => c.student_id))].sort((a, b) => a - b).map((id) => {
    const own = cells.filter((c) => c.student_id === id);
    const appts = raw.appointments.filter(
      (a) => a.student_id === id && a.block_id === focus.id && cellOf(id, a.date) && cellOf(id, a.date)!.status !== "pending",
    );
    const c = counted(own);
    return {
      id,
      ...c,
      attendance_rate: attendanceRate(c.attended, c.missed),
      appointments: appts.length,
      missed_appointments: appts.filter(
        (a) => appointmentStatus({ staff: { id: a.staff_id }, student: { id } }, false, logsOf(id, a.date)) === "fail",
      ).length,
    };
  });
  const past = (date: string) => !isPending(date, FOCUS_END, TEST_TIMEZONE, now);
  const byTeacher = (staffId: number) => {
    const planned = raw.plans.filter((p) => p.staff_id === staffId && p.block_id === focus.id && cellOf(p.student_id, p.date) && past(p.date));
    const appts = raw.appointments.filter((a) => a.staff_id === staffId && a.block_id === focus.id && cellOf(a.student_id, a.date) && past(a.date));
    return {
      planned: planned.length,
      attended: planned.filter((p) => planStatus({ student: { id: p.student_id } }, false, logsOf(p.student_id, p.date)) === "success").length,
      appointments: appts.length,
      appointments_kept: appts.filter(
        (a) => appointmentStatus({ staff: { id: a.staff_id } }, false, logsOf(a.student_id, a.date)) === "success",
      ).length,
      checked_in: cells.filter((c) => c.log?.staff_id === staffId && past(c.date)).length,
    };
  };
  const byDay = dates.filter(past).map((date) => {
    const c = counted(cells.filter((cell) => cell.date === date));
    return { date, ...c, attendance_rate: attendanceRate(c.attended, c.missed) };
  });
  // Blocks voided for everyone (a global amendment) offer no seats.
  const voided = dates.filter(past).filter((date) => raw.amendments.some((a) => a.student_id === null && a.block_id === focus.id && a.date === date));
  return { cells, byStudent, byTeacher, byDay, blocks: dates.filter(past).length, offered: dates.filter(past).length - voided.length };
}

const report = (query: Record<string, string>, token = tokens.admin) => call(attendanceRoute, { token, query });
const studentRows = (rows: { student: { id: number } }[]) =>
  rows.map(({ student, ...rest }) => ({ id: student.id, ...rest })).sort((a, b) => a.id - b.id);
const pickCounts = <T extends Record<string, unknown>>(row: T) => ({
  id: row.id,
  attended: row.attended,
  missed: row.missed,
  excused: row.excused,
  attendance_rate: row.attendance_rate,
  appointments: row.appointments,
  missed_appointments: row.missed_appointments,
});

describe.each(SEEDS)("GET /api/reports/attendance on seed %i", (seed) => {
  const range = weekOf(seed);

  it("counts by student exactly as the brute force does (attended, missed, excused, rate, missed appointments)", async () => {
    const res = await report({ ...range, group_by: "student" });
    expect(res.status).toBe(200);
    const expected = bruteForce(await rawRows(), range).byStudent;
    expect(studentRows(res.body.rows).map(pickCounts)).toEqual(expected);
    for (const field of ["attended", "missed", "excused", "missed_appointments"] as const) {
      expect(expected.some((r) => r[field] > 0)).toBe(true);
    }
  });

  it("counts by teacher and by day exactly as the brute force does", async () => {
    const raw = await rawRows();
    const brute = bruteForce(raw, range);
    const byTeacher = await report({ ...range, group_by: "teacher" });
    for (const t of teachers) {
      const row = byTeacher.body.rows.find((r: { teacher: { id: number } }) => r.teacher.id === t.staff.id);
      expect(row).toMatchObject({ ...brute.byTeacher(t.staff.id), blocks: brute.blocks, capacity: t.staff.capacity });
      expect(row.seats).toBe(t.staff.capacity * brute.offered);
      expect(row.capacity_used).toBeCloseTo(row.planned / (t.staff.capacity * brute.offered));
    }
    const byDay = await report({ ...range, group_by: "day" });
    expect(byDay.body.rows).toEqual(brute.byDay);
  });

  it("filters by grade and by cluster", async () => {
    const raw = await rawRows();
    const grade = await report({ ...range, group_by: "student", grade: "9" });
    expect(studentRows(grade.body.rows).map(pickCounts)).toEqual(bruteForce(raw, { ...range, grade: 9 }).byStudent);
    expect(grade.body.rows.every((r: { student: { grade: number } }) => r.student.grade === 9)).toBe(true);
    const cluster = await report({ ...range, group_by: "day", cluster_id: String(clusterId) });
    expect(cluster.body.rows).toEqual(bruteForce(raw, { ...range, cluster: true }).byDay);
  });

  it("shows a teacher only their own blocks and students", async () => {
    const raw = await rawRows();
    const me = teachers[1]!.staff.id;
    const mine = await report({ ...range, group_by: "student" }, tokens.teacher);
    expect(mine.status).toBe(200);
    const expected = bruteForce(raw, { ...range, teacherId: me }).byStudent;
    expect(studentRows(mine.body.rows).map(pickCounts)).toEqual(expected);
    expect(expected.length).toBeLessThan(bruteForce(raw, range).byStudent.length);
    const teacherView = await report({ ...range, group_by: "teacher" }, tokens.teacher);
    expect(teacherView.body.rows.map((r: { teacher: { id: number } }) => r.teacher.id)).toEqual([me]);
    const days = await report({ ...range, group_by: "day" }, tokens.teacher);
    expect(days.body.rows).toEqual(bruteForce(raw, { ...range, teacherId: me }).byDay);
  });

  it("builds the status in SQL from the same rules as the TypeScript (every cell agrees)", async () => {
    const brute = bruteForce(await rawRows(), range);
    const sqlCells = await attendanceCellRows(state.db, {
      ...range,
      occurrences: brute.cells
        .map((c) => c.date)
        .filter((d, i, all) => all.indexOf(d) === i)
        .map((date) => ({
          date,
          block_id: focus.id,
          pending: false,
          starts_at: schoolInstant(date, FOCUS_START, TEST_TIMEZONE).toISOString(),
          day_ends_at: schoolInstant(addDays(date, 1), "00:00", TEST_TIMEZONE).toISOString(),
        })),
      teacherId: null,
      grade: null,
      clusterId: null,
      studentId: null,
      studentNumbers: "all",
    });
    const key = (c: { student_id: number; date: string }) => `${c.student_id}/${c.date}`;
    const fromSql = new Map(sqlCells.map((c) => [key(c), c.status]));
    expect(fromSql.size).toBe(brute.cells.length);
    for (const cell of brute.cells) expect([key(cell), fromSql.get(key(cell))]).toEqual([key(cell), cell.status]);
    expect(new Set(brute.cells.map((c) => c.status))).toEqual(new Set(["attended", "missed", "void"]));
  });
});

describe("drill-down, pending blocks and the SIS export", () => {
  const range = weekOf(1);

  it("lists one student's blocks in the range with status, teacher and method", async () => {
    const raw = await rawRows();
    const studentId = pupils[0]!.id;
    const res = await report({ ...range, group_by: "student", student_id: String(studentId) });
    expect(res.status).toBe(200);
    const expected = bruteForce(raw, range).cells.filter((c) => c.student_id === studentId);
    const words = { attended: "attended", missed: "missed", void: "excused" } as Record<string, string>;
    expect(res.body.blocks.map((b: { date: string; status: string }) => [b.date, b.status])).toEqual(
      expected.map((c) => [c.date, words[c.status]]),
    );
    expect(res.body.rows).toHaveLength(1);
  });

  it("leaves out blocks that have not ended yet", async () => {
    const today = testToday();
    const res = await report({ from: addDays(today, -3), to: addDays(today, 10), group_by: "day" });
    expect(res.status).toBe(200);
    const future = res.body.rows.filter((r: { date: string }) => r.date > today);
    expect(future).toEqual([]);
  });

  it("exports one row per student per Focus Block date with the documented columns", async () => {
    const res = await call(sisRoute, { token: tokens.admin, query: range });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="sis-export-${range.from}-to-${range.to}.csv"`);
    const text = res.body as string;
    expect(text.startsWith("date,student_number,student_name,status,method,teacher,check_in_time\r\n")).toBe(true);
    const records = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    const brute = bruteForce(await rawRows(), range).cells;
    expect(records).toHaveLength(brute.length);
    const byKey = new Map(records.map((r) => [`${r.date}/${r.student_number}`, r]));
    const numbers = new Map(pupils.map((p, i) => [p.id, i]));
    expect(numbers.size).toBeGreaterThan(0);
    const raw = await rawRows();
    for (const cell of brute) {
      const number = raw.students.find((s) => s.id === cell.student_id)!.student_number;
      const record = byKey.get(`${cell.date}/${number}`)!;
      expect(record.status).toBe(SIS_STATUS[cell.status as keyof typeof SIS_STATUS]);
      if (cell.status === "attended") {
        expect(record.method).toBe(cell.log!.method);
        expect(record.check_in_time).toMatch(new RegExp(`^${cell.date}T09:30:00-0[78]:00$`));
      }
      if (cell.status === "void") expect(record.method).toBe("amendment");
      if (cell.status === "missed") expect([record.method, record.check_in_time]).toEqual(["", ""]);
    }
  });

  it("escapes cells that a spreadsheet would run as a formula", async () => {
    const day = weekdayDate(2, -1);
    const evil = await createStudent(state.db, {
      first_name: "=HYPERLINK(\"http://x\")",
      last_name: "@SUM(A1)",
      student_number: "-2+3",
      attends_from: day,
    });
    const tabby = await createStudent(state.db, { first_name: "Tab", last_name: "+Plus", student_number: "\t77", attends_from: day });
    const teacher = await createStaff(state.db, { title: "Mr.", first_name: "Eve", last_name: "-Minus" });
    await createCheckIn(state.db, { student_id: evil.student.id, block_id: focus.id, date: day, staff_id: teacher.staff.id });
    await createCheckIn(state.db, { student_id: tabby.student.id, block_id: focus.id, date: day, staff_id: teacher.staff.id });
    const res = await call(sisRoute, { token: tokens.admin, query: { from: day, to: day } });
    const text = res.body as string;
    expect(text).toContain(`${day},'-2+3,"'=HYPERLINK(""http://x"") @SUM(A1)",present,manual,"Mr. -Minus, Eve",`);
    expect(text).toContain(`${day},'\t77,Tab +Plus,present,manual,"Mr. -Minus, Eve",`);
    const byStudent = await report({ from: day, to: day, group_by: "student", format: "csv" });
    expect(byStudent.body).toContain(`'-2+3,"'=HYPERLINK(""http://x"") @SUM(A1)",10,1,0,0,100,0,0`);
    const byTeacher = await report({ from: day, to: day, group_by: "teacher", format: "csv" });
    // Eve's account was made today: last Tuesday she offered no seats (capacity used empty, 0 seats).
    expect(byTeacher.body).toContain(`"Mr. -Minus, Eve",1,0,0,0,0,2,30,,0`);
  });
});

/** What a spreadsheet-safe CSV holds for a value that starts like a formula. */
const formulaEscaped = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

describe("every view as CSV", () => {
  const range = weekOf(2);
  const csvOf = async (query: Record<string, string>) => {
    const res = await report({ ...range, ...query, format: "csv" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    return parse(res.body as string, { bom: true, columns: true }) as Record<string, string>[];
  };

  it("carries the same numbers as the JSON, with rates in percent", async () => {
    const json = await report({ ...range, group_by: "student" });
    const csv = await csvOf({ group_by: "student" });
    expect(Object.keys(csv[0]!)).toEqual([
      "student_number", "student_name", "grade", "attended", "missed", "excused",
      "attendance_rate_percent", "appointments", "missed_appointments",
    ]);
    expect(csv.map((r) => [r.student_number, Number(r.attended), Number(r.missed), Number(r.excused)])).toEqual(
      json.body.rows.map((r: { student: { student_number: string }; attended: number; missed: number; excused: number }) => [
        formulaEscaped(r.student.student_number), r.attended, r.missed, r.excused,
      ]),
    );
    const teacher = await csvOf({ group_by: "teacher" });
    expect(Object.keys(teacher[0]!)).toEqual([
      "teacher", "focus_blocks", "planned", "attended", "appointments", "appointments_kept", "checked_in",
      "capacity", "capacity_used_percent", "seats",
    ]);
    const day = await csvOf({ group_by: "day" });
    expect(Object.keys(day[0]!)).toEqual(["date", "attended", "missed", "excused", "attendance_rate_percent"]);
    expect(day).toHaveLength(5);
    const drill = await csvOf({ group_by: "student", student_id: String(pupils[2]!.id) });
    expect(Object.keys(drill[0]!)).toEqual([
      "date", "status", "teacher", "method", "check_in_time", "planned_with", "appointment_with",
      "appointment_memo", "appointment_kept", "amendment",
    ]);
  });
});

describe("who may ask, and bad input", () => {
  const range = weekOf(1);

  it("refuses students (403) and the signed out (401), on both routes", async () => {
    expect((await report({ ...range, group_by: "student" }, tokens.student)).status).toBe(403);
    expect((await call(attendanceRoute, { query: { ...range, group_by: "student" } })).status).toBe(401);
    expect((await call(sisRoute, { token: tokens.student, query: range })).status).toBe(403);
    expect((await call(sisRoute, { query: range })).status).toBe(401);
  });

  it("lets an integration with a reports:read API token pull the SIS export and the reports, for everyone", async () => {
    const created = await call(createApiToken, { token: tokens.admin, body: { name: "SIS nightly", scopes: ["reports:read"], password: TEST_PASSWORD } });
    expect(created.status).toBe(201);
    const apiToken = created.body.token as string;
    const sis = await call(sisRoute, { token: apiToken, query: range });
    expect(sis.status).toBe(200);
    const admin = await call(sisRoute, { token: tokens.admin, query: range });
    expect(sis.body).toBe(admin.body);
    const byStudent = await report({ ...range, group_by: "student" }, apiToken);
    expect(studentRows(byStudent.body.rows).map(pickCounts)).toEqual(bruteForce(await rawRows(), range).byStudent);
  });

  it("lets a sysadmin see everyone", async () => {
    const res = await report({ ...range, group_by: "student" }, tokens.sysadmin);
    expect(res.status).toBe(200);
    expect(studentRows(res.body.rows).map(pickCounts)).toEqual(bruteForce(await rawRows(), range).byStudent);
  });

  it.each([
    [{ from: "nope", to: range.to, group_by: "student" }, "from"],
    [{ from: range.from, to: "2026-02-30", group_by: "student" }, "to"],
    [{ to: range.to, group_by: "student" }, "from"],
    [{ from: range.to, to: range.from, group_by: "student" }, "to"],
    [{ from: "2025-01-01", to: "2026-02-05", group_by: "day" }, "to"],
    [{ ...range, group_by: "class" }, "group_by"],
    [{ ...range, group_by: "student", grade: "14" }, "grade"],
    [{ ...range, group_by: "student", cluster_id: "999999" }, "cluster_id"],
    [{ ...range, group_by: "student", cluster_id: "abc" }, "cluster_id"],
    [{ ...range, group_by: "student", student_id: "999999" }, "student_id"],
    [{ ...range, group_by: "student", format: "xlsx" }, "format"],
  ])("answers 422 for %j (field %s)", async (query, field) => {
    const res = await report(query as Record<string, string>);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toBeDefined();
  });

  it("answers 422 for a bad SIS export range", async () => {
    const res = await call(sisRoute, { token: tokens.admin, query: { from: range.to, to: range.from } });
    expect(res.status).toBe(422);
    expect(res.body.errors.to).toBeDefined();
  });

  it("accepts a range of exactly 400 days", async () => {
    const res = await report({ from: addDays(range.to, -399), to: range.to, group_by: "day" });
    expect(res.status).toBe(200);
  });
});

describe("statements", () => {
  it("runs the same number of statements whatever the data", async () => {
    const range = { from: weekdayDate(1, -1), to: weekdayDate(5, -1) };
    const measure = async () => {
      const counts: number[] = [];
      const queries: Record<string, string>[] = [
        { group_by: "student" },
        { group_by: "teacher" },
        { group_by: "day" },
        { group_by: "student", student_id: String(pupils[0]!.id), cluster_id: String(clusterId) },
      ];
      for (const query of queries) {
        const { statements, result } = await statementsOf(tokens.admin, () => report({ ...range, ...query }));
        expect(result.status).toBe(200);
        counts.push(statements);
      }
      const sis = await statementsOf(tokens.admin, () => call(sisRoute, { token: tokens.admin, query: range }));
      counts.push(sis.statements);
      return counts;
    };
    const small = await measure();
    const more = await createStudents(state.db, 120);
    await state.db
      .update(students)
      .set({ attends_from: range.from })
      .where(inArray(students.id, more.map((s) => s.id)));
    for (const s of more) {
      for (let d = 0; d < 5; d++) {
        const date = addDays(range.from, d);
        await createPlan(state.db, { student_id: s.id, staff_id: teachers[d % 4]!.staff.id, block_id: focus.id, date });
      }
    }
    await state.db.insert(checkIns).values(
      more.map((s) => ({ student_id: s.id, block_id: focus.id, date: range.from, staff_id: teachers[0]!.staff.id, checked_in_at: new Date() })),
    );
    const large = await measure();
    expect(large).toEqual(small);
    expect(Math.max(...small)).toBeLessThanOrEqual(5);
  });
});
