/** @jest-environment node */
import { eq } from "drizzle-orm";
import { GET as airCodeRoute } from "@/app/api/check-in/air-code/route";
import { GET as airWindowRoute, POST as airRoute } from "@/app/api/check-in/air/route";
import { GET as statusRoute } from "@/app/api/check-in/status/route";
import { checkIns } from "@/db/schema";
import { AIR_CODE_ALPHABET, airCode, matchAirCode, normalizeAirCode, windowIndex } from "@/lib/checkin/air-code";
import { setSchoolClock as setClock } from "../helpers/clock";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { setSchoolYear, setSetting } from "../helpers/schedule-factories";
import { createFocusBlock, SAT, TUE, WED } from "../helpers/timetable-factories";

/**
 * Air Check-in: the rotating code (GET /api/check-in/air-code) and a student checking in with it
 * (POST /api/check-in/air). The clock is injected by faking Date only (timers stay real, so the
 * database drivers are untouched): every request runs at a chosen school-local time.
 */
const state = useTestDb();

afterEach(() => jest.useRealTimers());

type Account = { user: { id: number } };
let teacher: Awaited<ReturnType<typeof createStaff>>;
let colleague: Awaited<ReturnType<typeof createStaff>>;
let focus: Awaited<ReturnType<typeof createFocusBlock>>;
const students: Awaited<ReturnType<typeof createStudent>>[] = [];

beforeAll(async () => {
  await setSchoolYear(state.db, 60, 60);
  focus = await createFocusBlock(state.db, { days: [1, 2, 3, 4, 5], start: "09:26", end: "10:06" });
  teacher = await createStaff(state.db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace" });
  colleague = await createStaff(state.db, { title: "Mr.", first_name: "Alan", last_name: "Turing" });
  for (let i = 0; i < 8; i++) {
    students.push(await createStudent(state.db, { first_name: `Pupil${i}`, last_name: `Number${i}` }));
  }
});

/** Sessions last a day, so each call signs in at the faked time. */
const token = (who: Account) => tokenFor(state.db, who);
const getCode = async (who: Account = teacher) => call(airCodeRoute, { token: await token(who), path: "/api/check-in/air-code" });
const submit = async (who: Account, code: unknown) =>
  call(airRoute, { token: await token(who), body: { code }, path: "/api/check-in/air" });
const rowsOf = (studentId: number) => state.db.select().from(checkIns).where(eq(checkIns.student_id, studentId));

describe("the code (pure rules)", () => {
  const subject = { secret: "s3cret", staffId: 7, date: "2030-01-15", blockId: 3 };

  it("is 6 characters of an alphabet without look-alikes, and changes with the window", () => {
    expect(AIR_CODE_ALPHABET).not.toMatch(/[0O1IL2Z5S8B]/);
    const codes = new Set(Array.from({ length: 50 }, (_, w) => airCode(subject, 1000 + w)));
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${AIR_CODE_ALPHABET}]{6}$`));
    expect(codes.size).toBeGreaterThan(45);
    expect(airCode(subject, 5)).toBe(airCode(subject, 5));
    expect(airCode({ ...subject, staffId: 8 }, 5)).not.toBe(airCode(subject, 5));
    expect(airCode({ ...subject, date: "2030-01-16" }, 5)).not.toBe(airCode(subject, 5));
  });

  it("accepts the current and previous window, calls older ones expired and others wrong", () => {
    const now = new Date("2030-01-15T17:30:10Z");
    const w = windowIndex(now);
    expect(matchAirCode(airCode(subject, w), [subject], now).kind).toBe("valid");
    expect(matchAirCode(airCode(subject, w - 1), [subject], now).kind).toBe("valid");
    expect(matchAirCode(airCode(subject, w - 2), [subject], now).kind).toBe("expired");
    expect(matchAirCode(airCode(subject, w + 1), [subject], now).kind).toBe("wrong");
    expect(matchAirCode("ACDEFG", [subject], now).kind).toBe("wrong");
  });

  it("reads what people type: case, spaces and dashes do not matter; impossible characters do", () => {
    expect(normalizeAirCode(" acd-efg ")).toBe("ACDEFG");
    expect(normalizeAirCode("ACD EFG")).toBe("ACDEFG");
    expect(normalizeAirCode("AC0EFG")).toBeNull();
    expect(normalizeAirCode("ACDEF")).toBeNull();
  });
});

describe("GET /api/check-in/air-code", () => {
  it("rotates every 30 seconds and says when", async () => {
    setClock(TUE, "09:30:00");
    const first = await getCode();
    expect(first.status).toBe(200);
    expect(first.body.code).toMatch(new RegExp(`^[${AIR_CODE_ALPHABET}]{6}$`));
    const expires = Date.parse(first.body.expires_at);
    expect(expires % 30_000).toBe(0);
    expect(expires - Date.now()).toBeGreaterThan(0);
    expect(expires - Date.now()).toBeLessThanOrEqual(30_000);
    expect(first.body).toMatchObject({
      rotate_seconds: 30,
      date: TUE,
      check_in_path: `/profile?air=${first.body.code}`,
      block: { label: "Focus Block", start: "9:26 AM", end: "10:06 AM" },
      opens: "9:21 AM",
      closes: "10:06 AM",
    });

    setClock(TUE, "09:30:00", 10);
    expect((await getCode()).body.code).toBe(first.body.code);
    setClock(TUE, "09:30:00", 31);
    const next = await getCode();
    expect(next.body.code).not.toBe(first.body.code);
    expect(Date.parse(next.body.expires_at)).toBe(expires + 30_000);
    // Another teacher's code at the same moment is another code.
    expect((await getCode(colleague)).body.code).not.toBe(next.body.code);
  });

  it("answers 422 no_focus_block on a day without one", async () => {
    setClock(SAT, "09:30:00");
    const res = await getCode();
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "no_focus_block", message: "There is no Focus Block today." });
  });

  it("is for staff: students and sysadmins get 403, signed out 401", async () => {
    setClock(TUE, "09:30:00");
    expect((await getCode(students[0]!)).status).toBe(403);
    expect((await getCode(await createSysadmin(state.db))).status).toBe(403);
    expect((await call(airCodeRoute, { path: "/api/check-in/air-code" })).status).toBe(401);
  });
});

describe("POST /api/check-in/air", () => {
  it("checks the student in to the teacher's block with method 'air', once", async () => {
    setClock(TUE, "09:40:00");
    const { code } = (await getCode()).body;
    const student = students[0]!;
    const res = await submit(student, code.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "checked_in",
      teacher: { name: "Ms. Lovelace, Ada" },
      student: { id: student.student.id, name: "Pupil0 Number0" },
      time: "9:40 AM",
    });
    const again = await submit(student, code);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("already_checked_in");
    expect(again.body.message).toMatch(/already checked in/i);
    const rows = await rowsOf(student.student.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      method: "air",
      staff_id: teacher.staff.id,
      block_id: focus.id,
      date: TUE,
      checked_in_by: student.user.id,
    });

    // The teacher's Checked In list has it, with the method.
    const status = await call(statusRoute, { token: await token(teacher), path: "/api/check-in/status" });
    const entry = status.body.blocks[0].ledger_entries.find((e: { student: { id: number } }) => e.student.id === student.student.id);
    expect(entry).toMatchObject({ method: "air" });
  });

  it("takes the previous window's code, and says when a code has expired or is wrong", async () => {
    setClock(TUE, "09:45:00");
    const { code } = (await getCode()).body;
    setClock(TUE, "09:45:00", 35); // one rotation later: still valid
    expect((await submit(students[1]!, code)).body.status).toBe("checked_in");

    setClock(TUE, "09:45:00", 65); // two rotations later: expired
    const expired = await submit(students[2]!, code);
    expect(expired.status).toBe(422);
    expect(expired.body).toMatchObject({ code: "expired_code", message: expect.stringMatching(/expired/) });

    const wrong = await submit(students[2]!, "ACDEFG");
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: "wrong_code", message: expect.stringMatching(/not right/) });
    expect(wrong.body.errors.code[0]).toMatch(/not right/);
    expect((await rowsOf(students[2]!.student.id))).toHaveLength(0);
  });

  it("refuses early and late codes; the minutes before are a setting", async () => {
    setClock(WED, "09:15:00");
    const early = await getCode();
    expect(early.status).toBe(200); // the teacher may open the code view before the block
    const tooEarly = await submit(students[3]!, early.body.code);
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body).toMatchObject({ code: "check_in_not_open", message: "Check-in for the Focus Block opens at 9:21 AM." });
    // A wrong code before the window is told the same, not that it is wrong (a QR link opened early).
    const wrongEarly = await submit(students[3]!, "ACDEFG");
    expect(wrongEarly.status).toBe(409);
    expect(wrongEarly.body).toMatchObject({ code: "check_in_not_open", message: "Check-in for the Focus Block opens at 9:21 AM." });

    await setSetting(state.db, "air-check-in-minutes-before", "15");
    try {
      expect((await submit(students[3]!, early.body.code)).body.status).toBe("checked_in");
    } finally {
      await setSetting(state.db, "air-check-in-minutes-before", "5");
    }

    setClock(WED, "10:03:00");
    const lastCode = (await getCode()).body.code;
    setClock(WED, "10:07:00");
    const late = await submit(students[4]!, lastCode);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("check_in_closed");
    expect(await rowsOf(students[4]!.student.id)).toHaveLength(0);
  });

  it("after the window, the teacher gets no code and both sides are told it closed, with its times", async () => {
    setClock(WED, "10:20:00");
    const closedMessage =
      "Check-in for today's Focus Block closed at 10:06 AM (it was open from 9:21 AM to 10:06 AM). Please see your teacher.";
    const teacherSide = await getCode();
    expect(teacherSide.status).toBe(200);
    expect(teacherSide.body).toMatchObject({
      closed: true,
      message: closedMessage,
      code: null,
      check_in_path: null,
      opens: "9:21 AM",
      closes: "10:06 AM",
    });
    // A code from the window, long expired, and a made-up one: the window is what is wrong, not the code.
    for (const code of ["ACDEFG", "ACD479"]) {
      const studentSide = await submit(students[6]!, code);
      expect(studentSide.status).toBe(409);
      expect(studentSide.body).toMatchObject({ code: "check_in_closed", message: closedMessage });
    }
    setClock(WED, "09:40:00");
    expect((await getCode()).body).toMatchObject({ closed: false, message: null, code: expect.any(String) });
  });

  it("slows a student down after 5 wrong codes in a minute (429 with Retry-After), others unaffected", async () => {
    setClock(TUE, "09:50:00");
    const student = students[5]!;
    for (let i = 0; i < 5; i++) expect((await submit(student, "ACDEFG")).status).toBe(422);
    const { code } = (await getCode()).body;
    const slowed = await submit(student, code); // even the right code waits
    expect(slowed.status).toBe(429);
    expect(slowed.body.code).toBe("too_many_attempts");
    const wait = Number(slowed.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(12);
    expect((await submit(students[6]!, code)).body.status).toBe("checked_in");

    setClock(TUE, "09:50:00", 13);
    const later = await submit(student, (await getCode()).body.code);
    expect(later.status).toBe(200);
    expect(later.body.status).toBe("checked_in");
  });

  it("never reveals other students: the answer is about the caller only", async () => {
    setClock(TUE, "09:55:00");
    const { code } = (await getCode()).body;
    const res = await submit(students[7]!, code);
    const text = JSON.stringify(res.body);
    for (const other of students.filter((s) => s !== students[7])) {
      expect(text).not.toContain(other.student.last_name);
      expect(text).not.toContain(other.student.student_number);
    }
    expect(Object.keys(res.body).sort()).toEqual(["block", "message", "status", "student", "teacher", "time"]);
  });

  it("is for students: staff 403, signed out 401, bad input 422, no Focus Block 422", async () => {
    setClock(TUE, "09:41:00");
    expect((await submit(teacher, "ACDEFG")).status).toBe(403);
    expect((await call(airRoute, { body: { code: "ACDEFG" } })).status).toBe(401);
    for (const body of [{}, { code: "" }, { code: 12 }, { code: "x".repeat(40) }]) {
      const res = await call(airRoute, { token: await token(students[0]!), body });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("invalid");
    }
    expect((await call(airRoute, { token: await token(students[0]!), rawBody: "{" })).status).toBe(400);
    setClock(SAT, "09:41:00");
    expect((await submit(students[0]!, "ACDEFG")).body.code).toBe("no_focus_block");
  });

  it("is off when the school turns Air Check-in off (403 air_check_in_off)", async () => {
    setClock(TUE, "09:42:00");
    await setSetting(state.db, "air-check-in", "false");
    try {
      expect((await getCode()).body.code).toBe("air_check_in_off");
      expect((await submit(students[0]!, "ACDEFG")).status).toBe(403);
    } finally {
      await setSetting(state.db, "air-check-in", "true");
    }
  });
});

describe("GET /api/check-in/air", () => {
  const windowOf = async (who: Account) => call(airWindowRoute, { token: await token(who), path: "/api/check-in/air" });

  it("says whether the student can check in with a code now: only from 5 minutes before the block to its end", async () => {
    const student = students[7]!;
    const expected = (open: boolean) => ({
      air_check_in: true,
      open,
      today: { date: TUE, block: { label: "Focus Block" }, opens: "9:21 AM", closes: "10:06 AM" },
    });
    for (const [time, open] of [["08:00:00", false], ["09:20:59", false], ["09:21:00", true], ["09:50:00", true], ["10:06:00", true], ["10:06:01", false], ["14:00:00", false]] as const) {
      const now = setClock(TUE, time);
      const res = await windowOf(student);
      expect({ time, status: res.status }).toEqual({ time, status: 200 });
      expect({ time, body: res.body }).toMatchObject({ time, body: expected(open) });
      expect(res.body.server_time).toBe(now.toISOString());
    }
  });

  it("answers a day without a Focus Block and a school with Air Check-in off with no window, never an error", async () => {
    setClock(SAT, "09:30:00");
    expect((await windowOf(students[7]!)).body).toMatchObject({ air_check_in: true, open: false, today: null });
    setClock(TUE, "09:30:00");
    await setSetting(state.db, "air-check-in", "false");
    try {
      expect((await windowOf(students[7]!)).body).toMatchObject({ air_check_in: false, open: false, today: null });
    } finally {
      await setSetting(state.db, "air-check-in", "true");
    }
  });

  it("is for students: staff and sysadmins 403, signed out 401", async () => {
    setClock(TUE, "09:30:00");
    expect((await windowOf(teacher)).status).toBe(403);
    expect((await windowOf(await createSysadmin(state.db))).status).toBe(403);
    expect((await call(airWindowRoute, { path: "/api/check-in/air" })).status).toBe(401);
  });
});
