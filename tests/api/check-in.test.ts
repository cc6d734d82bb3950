/** @jest-environment node */
import { and, eq } from "drizzle-orm";
import { POST as checkInRoute } from "@/app/api/check-in/route";
import { findAccountByUserId } from "@/db/queries/auth";
import { checkIns } from "@/db/schema";
import { roleOf, type Principal } from "@/lib/auth/principal";
import { checkIn } from "@/lib/checkin/service.server";
import { addDays, schoolInstant } from "@/lib/core/time";
import { createStudents } from "../helpers/bulk-factories";
import { useTestDb } from "../helpers/db";
import { setSchoolYear } from "../helpers/schedule-factories";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";
import {
  createBlock,
  createCheckIn,
  createFocusBlock,
  createTopic,
  FRI,
  MON,
  SAT,
  scheduleTopic,
  TEST_TIMEZONE,
  testToday,
  THU,
  WED,
  weekdayDate,
  WEEKDAYS,
} from "../helpers/timetable-factories";

const state = useTestDb();

/** A chip captured at a school-local wall-clock time on a date. */
const at = (date: string, time = "09:30") => schoolInstant(date, time, TEST_TIMEZONE).toISOString();
const chip = (value: string, timestamp?: string) => (timestamp ? { value, timestamp } : { value });

let focus: Awaited<ReturnType<typeof createFocusBlock>>;
let advisory: Awaited<ReturnType<typeof createBlock>>;
let teacher: Awaited<ReturnType<typeof createStaff>>;
let colleague: Awaited<ReturnType<typeof createStaff>>;
let teacherToken: string;
let colleagueToken: string;

beforeAll(async () => {
  const db = state.db;
  // Every date these tests use (a week or two either side of today) is inside the school year.
  await setSchoolYear(db, 60, 60);
  focus = await createFocusBlock(db, { days: [2, 3, 4, 5], start: "09:26", end: "10:06" });
  // Distractors: a course block meeting earlier every weekday, and an earlier flex block on Wednesdays.
  await createBlock(db, {
    label: "Block 1",
    meetings: WEEKDAYS.map((day) => ({ day, start: "08:30", end: "09:20" })),
  });
  await createBlock(db, {
    label: "Tutorial",
    flex: true,
    meetings: [{ day: 3, start: "08:00", end: "08:25" }],
  });
  // Mondays have two flex blocks and none called 'Focus Block': the earliest wins.
  await createBlock(db, { label: "Clubs", flex: true, meetings: [{ day: 1, start: "14:00", end: "14:40" }] });
  advisory = await createBlock(db, {
    label: "Advisory",
    flex: true,
    meetings: [{ day: 1, start: "11:00", end: "11:40" }],
  });
  teacher = await createStaff(db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace" });
  colleague = await createStaff(db, { title: "Mr.", first_name: "Alan", last_name: "Turing" });
  teacherToken = await tokenFor(db, teacher);
  colleagueToken = await tokenFor(db, colleague);
});

const post = (body: unknown, token = teacherToken) =>
  call(checkInRoute, { token, body, path: "/api/check-in" });

async function ledgerRows(studentId: number) {
  return state.db.select().from(checkIns).where(eq(checkIns.student_id, studentId));
}

describe("POST /api/check-in by student number", () => {
  it("records each resolved number on the date's Focus Block and returns the unresolved ones as errors", async () => {
    const a = await createStudent(state.db, {
      first_name: "Grace",
      last_name: "Hopper",
      initials: "GH",
      color: "red",
    });
    const b = await createStudent(state.db);
    const res = await post({
      chips: [
        chip(a.student.student_number, at(WED)),
        chip(b.student.student_number, at(WED, "09:41")),
        chip("no-such-student"),
      ],
      type: "student_number",
      date: WED,
    });
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual(["no-such-student"]);
    expect(res.body.already_checked_in).toEqual([]);
    expect(res.body.timestamp_string).toMatch(
      /^[A-Z][a-z]{2} [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}:\d{2}$/,
    );
    // The same instant as ISO text, which the Check-in Errors dialog writes as every list does.
    expect(Math.abs(Date.parse(res.body.timestamp) - Date.now())).toBeLessThan(60_000);
    expect(res.body.success).toHaveLength(2);
    expect(res.body.success[0]).toMatchObject({
      time: "9:30 AM",
      method: "manual",
      student: { id: a.student.id, name: "Grace Hopper", initials: "GH", color: "red" },
      staff: { id: teacher.staff.id, name: "Ms. Lovelace, Ada" },
    });
    expect(res.body.success[1].time).toBe("9:41 AM");
    expect(JSON.stringify(res.body)).not.toContain(a.student.student_number);

    const [row] = await ledgerRows(a.student.id);
    expect(row).toMatchObject({
      block_id: focus.id,
      date: WED,
      staff_id: teacher.staff.id,
      checked_in_by: teacher.user.id,
      method: "manual",
      topic_id: null,
    });
    expect(row!.checked_in_at.toISOString()).toBe(at(WED));
    expect(res.body.success[0].id).toBe(row!.id);
  });

  it("trims entries and matches the student number exactly as text", async () => {
    const s = await createStudent(state.db, { student_number: "00777" });
    const res = await post({
      chips: [chip("777"), chip("0777"), chip("00777abc"), chip("  00777 ", at(THU))],
      date: THU,
    });
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual(["777", "0777", "00777abc"]);
    expect(res.body.success.map((e: any) => e.student.id)).toEqual([s.student.id]);
  });

  it("counts a number entered twice in one request once", async () => {
    const s = await createStudent(state.db);
    const n = s.student.student_number;
    const res = await post({
      chips: [chip(n, at(THU)), chip(n, at(THU, "09:50")), chip(` ${n}`)],
      date: THU,
    });
    expect(res.body.success).toHaveLength(1);
    expect(res.body.success[0].time).toBe("9:30 AM"); // the first capture wins
    expect(res.body.errors).toEqual([]);
    expect(await ledgerRows(s.student.id)).toHaveLength(1);
  });

  it("reports a student already checked in by the caller without recording them twice", async () => {
    const s = await createStudent(state.db);
    const first = await post({ chips: [chip(s.student.student_number, at(THU))], date: THU });
    const again = await post({ chips: [chip(s.student.student_number, at(THU, "09:45"))], date: THU });
    expect(again.status).toBe(200);
    expect(again.body.success).toEqual([]);
    expect(again.body.errors).toEqual([]);
    expect(again.body.already_checked_in).toEqual([
      {
        value: s.student.student_number,
        student: expect.objectContaining({ id: s.student.id }),
        entry: expect.objectContaining({
          id: first.body.success[0].id,
          time: "9:30 AM",
          by_other_staff: false,
        }),
      },
    ]);
    expect(await ledgerRows(s.student.id)).toHaveLength(1);
  });

  it("leaves a student another teacher already checked in with that teacher, and says who", async () => {
    const s = await createStudent(state.db);
    await post({ chips: [chip(s.student.student_number, at(FRI))], date: FRI });
    const res = await post(
      { chips: [chip(s.student.student_number, at(FRI, "09:35"))], date: FRI },
      colleagueToken,
    );
    expect(res.body.success).toEqual([]);
    expect(res.body.already_checked_in[0].entry).toMatchObject({
      staff: { id: teacher.staff.id, name: "Ms. Lovelace, Ada" },
      by_other_staff: true,
    });
    const rows = await ledgerRows(s.student.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.staff_id).toBe(teacher.staff.id);
  });

  it("names the check-in of that date as the one already there, never the student's check-in on another day", async () => {
    const s = await createStudent(state.db);
    // An older check-in on Wednesday by the colleague, then Thursday's by the teacher.
    await createCheckIn(state.db, {
      student_id: s.student.id,
      block_id: focus.id,
      date: WED,
      staff_id: colleague.staff.id,
      checked_in_at: new Date(at(WED)),
    });
    await createCheckIn(state.db, {
      student_id: s.student.id,
      block_id: focus.id,
      date: THU,
      staff_id: teacher.staff.id,
      checked_in_at: new Date(at(THU)),
    });
    const res = await post({ chips: [chip(s.student.student_number)], date: THU }, colleagueToken);
    expect(res.body.already_checked_in).toHaveLength(1);
    expect(res.body.already_checked_in[0].entry).toMatchObject({ staff: { id: teacher.staff.id }, by_other_staff: true });
  });

  it("mixes new, duplicate and unknown entries in one batch", async () => {
    const [done, fresh] = await createStudents(state.db, 2);
    await createCheckIn(state.db, {
      student_id: done!.id,
      block_id: focus.id,
      date: THU,
      staff_id: colleague.staff.id,
    });
    const res = await post({
      chips: [chip(done!.student_number), chip(fresh!.student_number), chip("x1")],
      date: THU,
    });
    expect(res.body.success.map((e: any) => e.student.id)).toEqual([fresh!.id]);
    expect(res.body.already_checked_in.map((e: any) => e.student.id)).toEqual([done!.id]);
    expect(res.body.errors).toEqual(["x1"]);
  });

  it("sets topic_id to the caller's topic scheduled on that block and date", async () => {
    const mine = await createTopic(state.db, { staff_id: teacher.staff.id, memo: "Essay clinic" });
    const theirs = await createTopic(state.db, { staff_id: colleague.staff.id });
    const date = weekdayDate(3, 2); // the Wednesday after next
    await scheduleTopic(state.db, mine, { block_id: focus.id, date });
    await scheduleTopic(state.db, theirs, { block_id: focus.id, date });
    await scheduleTopic(state.db, mine, { block_id: focus.id, date: addDays(date, 1) });
    const [a, b] = await createStudents(state.db, 2);
    await post({ chips: [chip(a!.student_number, at(date))], date });
    await post({ chips: [chip(b!.student_number, at(date))], date }, colleagueToken);
    expect((await ledgerRows(a!.id))[0]!.topic_id).toBe(mine.id);
    expect((await ledgerRows(b!.id))[0]!.topic_id).toBe(theirs.id);
  });
});

/** The same numbers in an order of their own for each seed (deterministic). */
const shuffled = (list: string[], seed: number) =>
  list.map((n, i) => ({ n, key: (i * 7919 + seed * 104729) % 997 })).sort((a, b) => a.key - b.key).map((x) => x.n);

/** One teacher's (or two teachers') batches of the same students, sent at once in six orders. */
const sendAtOnce = (batch: string[], date: string, tokenOf: (k: number) => string) =>
  Promise.all(
    [0, 1, 2, 3, 4, 5].map((k) =>
      post({ chips: shuffled(batch, k).map((n) => chip(n, at(date))), type: "student_number", date }, tokenOf(k)),
    ),
  );

describe("POST /api/check-in from two teachers at once", () => {
  it("records overlapping batches sent in different orders without a deadlock (each student once)", async () => {
    // On PostgreSQL inserts taking the unique key's locks in different orders deadlocked (the soak
    // found it: 500s); rows now go in by student id. PGlite runs one statement at a time.
    const date = weekdayDate(4, 2); // the Thursday after next
    const students = await createStudents(state.db, 300);
    const numbers = students.map((s) => s.student_number);
    for (let round = 0; round < 10; round++) {
      const batch = numbers.slice(round * 30, round * 30 + 30);
      const answers = await sendAtOnce(batch, date, (k) => (k % 2 ? colleagueToken : teacherToken));
      expect(answers.map((a) => (a.status === 200 ? 200 : a.body))).toEqual([200, 200, 200, 200, 200, 200]);
    }
    for (const student of students) expect(await ledgerRows(student.id)).toHaveLength(1);
  });

  it("remembers students checked in elsewhere from one teacher's concurrent batches in different orders", async () => {
    // Each batch's students were already checked in by a colleague, so every request also records
    // them as "checked in elsewhere" for the teacher: those inserts deadlocked too (CI found it).
    const date = weekdayDate(2, 2); // the Tuesday after next
    const students = await createStudents(state.db, 240);
    const numbers = students.map((s) => s.student_number);
    for (let round = 0; round < 8; round++) {
      const batch = numbers.slice(round * 30, round * 30 + 30);
      const first = await post({ chips: batch.map((n) => chip(n, at(date))), type: "student_number", date }, colleagueToken);
      expect(first.status).toBe(200);
      const answers = await sendAtOnce(batch, date, () => teacherToken);
      expect(answers.map((a) => (a.status === 200 ? 200 : a.body))).toEqual([200, 200, 200, 200, 200, 200]);
      for (const answer of answers) expect(answer.body.already_checked_in).toHaveLength(30);
    }
  });
});

describe("POST /api/check-in roll call by student id", () => {
  it("records by id with method roll-call and returns unknown or malformed ids as errors", async () => {
    const s = await createStudent(state.db);
    const res = await post({
      chips: [chip(String(s.student.id), at(WED)), chip("99999999"), chip("abc"), chip("99999999999")],
      type: "student_id",
      date: WED,
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toHaveLength(1);
    expect(res.body.success[0]).toMatchObject({ method: "roll-call", student: { id: s.student.id } });
    expect(res.body.errors).toEqual(["99999999", "abc", "99999999999"]);
  });

  it("accepts numeric values", async () => {
    const s = await createStudent(state.db);
    const res = await post({
      chips: [{ value: s.student.id, timestamp: at(WED) }],
      type: "student_id",
      date: WED,
    });
    expect(res.body.success[0].student.id).toBe(s.student.id);
  });
});

describe("POST /api/check-in method by capture time", () => {
  it.each([
    ["on the day, late in the evening (school zone)", (d: string) => at(d, "23:30"), "manual"],
    ["after the day (in arrears)", (d: string) => at(addDays(d, 1), "08:00"), "retroactive"],
    ["before the day (ahead)", (d: string) => at(addDays(d, -1), "15:00"), "proactive"],
  ])("classifies an entry captured %s", async (_label, timestamp, method) => {
    const s = await createStudent(state.db);
    const res = await post({ chips: [chip(s.student.student_number, timestamp(WED))], date: WED });
    expect(res.body.success[0].method).toBe(method);
    expect((await ledgerRows(s.student.id))[0]!.method).toBe(method);
  });

  it("classifies roll call captured after the day as retroactive", async () => {
    const s = await createStudent(state.db);
    const res = await post({
      chips: [chip(String(s.student.id), at(addDays(WED, 2)))],
      type: "student_id",
      date: WED,
    });
    expect(res.body.success[0].method).toBe("retroactive");
  });

  it("uses the time of the request when a chip has no timestamp", async () => {
    const s = await createStudent(state.db);
    const before = Date.now();
    const res = await post({ chips: [chip(s.student.student_number)], date: WED });
    const [row] = await ledgerRows(s.student.id);
    expect(row!.checked_in_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.checked_in_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(res.body.success[0].method).toBe("proactive"); // next week's block, captured today
  });
});

describe("POST /api/check-in block and date resolution", () => {
  it("prefers the block labelled 'Focus Block' over an earlier flex block", async () => {
    const s = await createStudent(state.db);
    const res = await post({ chips: [chip(s.student.student_number, at(WED))], date: WED });
    expect(res.body.block).toMatchObject({
      id: focus.id,
      label: "Focus Block",
      start: "9:26 AM",
      end: "10:06 AM",
    });
  });

  it("takes the earliest flex block of the day when none is called 'Focus Block', never a course block", async () => {
    const s = await createStudent(state.db);
    const res = await post({ chips: [chip(s.student.student_number, at(MON))], date: MON });
    expect(res.status).toBe(200);
    expect(res.body.block.id).toBe(advisory.id);
    expect((await ledgerRows(s.student.id))[0]!.block_id).toBe(advisory.id);
  });

  it("answers 422 'No Focus Block on this date.' and records nothing on a day without a flex block", async () => {
    const s = await createStudent(state.db);
    const res = await post({ chips: [chip(s.student.student_number), chip("nobody")], date: SAT });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "no_focus_block", message: "No Focus Block on this date." });
    expect(await ledgerRows(s.student.id)).toHaveLength(0);
  });

  it.each([
    [
      "a display date",
      (d: string) =>
        new Date(`${d}T12:00:00Z`).toLocaleDateString("en-US", {
          month: "short",
          day: "numeric",
          year: "numeric",
          timeZone: "UTC",
        }),
    ],
    ["an ISO instant (school-local date)", (d: string) => `${addDays(d, 1)}T06:00:00.000Z`], // 22:00 or 23:00 the day before in Vancouver
  ])("reads %s", async (_label, format) => {
    const s = await createStudent(state.db);
    const res = await post({ chips: [chip(s.student.student_number)], date: format(THU) });
    expect(res.status).toBe(200);
    expect(res.body.date).toBe(THU);
    expect((await ledgerRows(s.student.id))[0]!.date).toBe(THU);
  });

  it("checks in for today in the school's zone when no date is sent", async () => {
    const s = await createStudent(state.db);
    const res = await post({ chips: [chip(s.student.student_number)] });
    const today = testToday();
    if (res.status === 422) {
      expect(res.body.code).toBe("no_focus_block"); // today (a weekend day) has no flex block
    } else {
      expect(res.body.date).toBe(today);
      expect(res.body.success[0].method).toBe("manual");
    }
  });

  it("defaults to the school-local date of the request time", async () => {
    const account = (await findAccountByUserId(state.db, teacher.user.id))!;
    const principal: Principal = { ...account, role: roleOf(account), sessionId: 0 };
    const s = await createStudent(state.db);
    // 23:30 on Wednesday in Vancouver is already Thursday in UTC.
    const now = schoolInstant(WED, "23:30", TEST_TIMEZONE);
    const result = await checkIn(
      state.db,
      principal,
      { chips: [{ value: s.student.student_number }], type: "student_number" },
      now,
    );
    expect(result.date).toBe(WED);
    expect(result.success[0]!.method).toBe("manual");
    expect(result.timestamp_string).toMatch(/ 23:30:00$/);
  });
});

describe("POST /api/check-in school year and clocks", () => {
  it("answers 422 for a date outside the school year and records nothing", async () => {
    const s = await createStudent(state.db);
    for (const date of [addDays(testToday(), -61 - 7), addDays(testToday(), 61 + 7), "1999-01-06", "2999-12-29"]) {
      const res = await post({ chips: [chip(s.student.student_number)], date });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: "outside_school_year",
        message: "That date is outside the school year.",
        errors: { date: ["That date is outside the school year."] },
      });
    }
    expect(await ledgerRows(s.student.id)).toHaveLength(0);
  });

  it("refuses capture times of 1970 or 9999 and any outside the school year, naming the entry", async () => {
    const s = await createStudent(state.db);
    const cases: [string | number, string | null][] = [
      ["1970-01-01T00:00:00Z", "The entry's time is outside the school year. Check this device's clock."],
      [0, "The entry's time is outside the school year. Check this device's clock."],
      [at(addDays(testToday(), -90)), "The entry's time is outside the school year. Check this device's clock."],
      ["9999-12-31T23:59:59-12:00", "A timestamp must be a valid date-time."],
      [253402300799000, null], // 9999 as epoch milliseconds: refused by the shared clientInstant
    ];
    for (const [timestamp, message] of cases) {
      const res = await post({ chips: [chip("nobody", at(WED)), { value: s.student.student_number, timestamp }], date: WED });
      expect({ timestamp, status: res.status }).toEqual({ timestamp, status: 422 });
      expect(Object.keys(res.body.errors)).toEqual(["chips.1.timestamp"]);
      if (message) expect(res.body.errors["chips.1.timestamp"]).toEqual([message]);
    }
    expect(await ledgerRows(s.student.id)).toHaveLength(0);
  });

  it("keeps the server's receive time beside the client's capture time", async () => {
    const s = await createStudent(state.db);
    const captured = at(addDays(WED, -3), "08:00");
    const before = Date.now();
    const res = await post({ chips: [chip(s.student.student_number, captured)], date: WED });
    expect(res.status).toBe(200);
    const [row] = await ledgerRows(s.student.id);
    expect(row!.checked_in_at.toISOString()).toBe(captured);
    expect(row!.created_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.created_at.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe("POST /api/check-in input and access", () => {
  it("answers 400 for an unreadable body", async () => {
    const res = await call(checkInRoute, { token: teacherToken, rawBody: "{chips:" });
    expect(res.status).toBe(400);
  });

  it.each([
    ["no chips", { date: WED }, "chips"],
    ["an empty list", { chips: [], date: WED }, "chips"],
    ["chips that are not a list", { chips: "100001", date: WED }, "chips"],
    ["an empty value", { chips: [{ value: "   " }], date: WED }, "chips.0.value"],
    ["a value over 64 characters", { chips: [{ value: "1".repeat(65) }], date: WED }, "chips.0.value"],
    ["a bad timestamp", { chips: [{ value: "1", timestamp: "yesterday" }], date: WED }, "chips.0.timestamp"],
    [
      "a timestamp without a zone",
      { chips: [{ value: "1", timestamp: "2026-03-20T09:30:00" }], date: WED },
      "chips.0.timestamp",
    ],
    ["an unknown type", { chips: [{ value: "1" }], type: "name", date: WED }, "type"],
    ["a bad date", { chips: [{ value: "1" }], date: "2026-02-30" }, "date"],
    ["a date that is not a date", { chips: [{ value: "1" }], date: "someday" }, "date"],
  ])("answers 422 for %s", async (_label, body, field) => {
    const res = await post(body);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid");
    expect(Object.keys(res.body.errors)).toContain(field);
  });

  it("accepts 2,000 entries and refuses 2,001 with 422", async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `z${i}` }));
    const ok = await post({ chips: many(2000), date: WED });
    expect(ok.status).toBe(200);
    expect(ok.body.errors).toHaveLength(2000);
    const tooMany = await post({ chips: many(2001), date: WED });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.chips).toEqual(["At most 2000 entries can be checked in at once."]);
  });

  it("answers 401 when signed out", async () => {
    expect((await post({ chips: [{ value: "1" }], date: WED }, "")).status).toBe(401);
  });

  it("answers 403 to a student", async () => {
    const s = await createStudent(state.db);
    const res = await post(
      { chips: [{ value: s.student.student_number }], date: WED },
      await tokenFor(state.db, s),
    );
    expect(res.status).toBe(403);
    expect(await ledgerRows(s.student.id)).toHaveLength(0);
  });

  it("lets an administrator check students in", async () => {
    const admin = await createAdmin(state.db);
    const s = await createStudent(state.db);
    const res = await post(
      { chips: [chip(s.student.student_number, at(WED))], date: WED },
      await tokenFor(state.db, admin),
    );
    expect(res.status).toBe(200);
    expect((await ledgerRows(s.student.id))[0]!.staff_id).toBe(admin.staff.id);
  });

  it("lets a sysadmin check students in, with no staff member and their user as recorder", async () => {
    const sysadmin = await createSysadmin(state.db);
    const s = await createStudent(state.db);
    const res = await post(
      { chips: [chip(s.student.student_number, at(WED))], date: WED },
      await tokenFor(state.db, sysadmin),
    );
    expect(res.status).toBe(200);
    expect(res.body.success[0].staff).toBeNull();
    const [row] = await ledgerRows(s.student.id);
    expect(row).toMatchObject({ staff_id: null, checked_in_by: sysadmin.user.id, topic_id: null });
  });
});

describe("POST /api/check-in statement count", () => {
  async function statementsFor(count: number, date: string) {
    const list = await createStudents(state.db, count);
    const { statements: used, result: res } = await statementsOf(teacherToken, () =>
      post({ chips: list.map((s) => chip(s.student_number, at(date))), date }),
    );
    expect(res.body.success).toHaveLength(count);
    return { used, list };
  }

  it("runs the same number of statements for 1 entry and for 300", async () => {
    const one = await statementsFor(1, weekdayDate(2, 3));
    const many = await statementsFor(300, weekdayDate(4, 3));
    expect(many.used).toBe(one.used);
    expect(one.used).toBeLessThanOrEqual(5); // session, calendar, students, insert (+ existing rows)
  });

  it("runs the same number of statements when 1 or 300 entries are already checked in", async () => {
    const date = weekdayDate(5, 3);
    const measure = async (count: number) => {
      const list = await createStudents(state.db, count);
      const chips = list.map((s) => chip(s.student_number, at(date)));
      await post({ chips, date });
      const { statements, result: res } = await statementsOf(teacherToken, () =>
        post({ chips: [...chips, chip("unknown-entry")], date }),
      );
      expect(res.body.already_checked_in).toHaveLength(count);
      return statements;
    };
    expect(await measure(300)).toBe(await measure(1));
  });
});

describe("POST /api/check-in ledger integrity", () => {
  it("keeps one row per student, block and date when two teachers submit at once", async () => {
    const list = await createStudents(state.db, 20);
    const date = weekdayDate(2, 4);
    const chips = list.map((s) => chip(s.student_number, at(date)));
    const [a, b] = await Promise.all([post({ chips, date }), post({ chips, date }, colleagueToken)]);
    expect(a.body.success.length + b.body.success.length).toBe(20);
    expect(a.body.already_checked_in.length + b.body.already_checked_in.length).toBe(20);
    const rows = await state.db
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.block_id, focus.id), eq(checkIns.date, date)));
    expect(rows).toHaveLength(20);
  });
});
