/** @jest-environment node */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { POST as checkInRoute } from "@/app/api/check-in/route";
import { GET as elsewhereRoute } from "@/app/api/check-in/elsewhere/[date]/route";
import { POST as moveRoute } from "@/app/api/check-in/move/route";
import { auditLog, checkIns, checkInSubmissions } from "@/db/schema";
import { schoolInstant } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { setSchoolYear, setSetting } from "../helpers/schedule-factories";
import { createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createFocusBlock, TEST_TIMEZONE, THU, TUE, WED, weekdayDate } from "../helpers/timetable-factories";

const state = useTestDb();

const at = (date: string, time = "09:30") => schoolInstant(date, time, TEST_TIMEZONE).toISOString();

let teacherToken: string;
let okaforToken: string;
let okafor: Awaited<ReturnType<typeof createStaff>>;
let teacher: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  await setSchoolYear(state.db, 60, 60);
  await createFocusBlock(state.db, { days: [1, 2, 3, 4, 5], start: "09:26", end: "10:06" });
  teacher = await createStaff(state.db, { title: "Mr.", first_name: "Sam", last_name: "Reyes" });
  okafor = await createStaff(state.db, { title: "Ms.", first_name: "Ngozi", last_name: "Okafor" });
  teacherToken = await tokenFor(state.db, teacher);
  okaforToken = await tokenFor(state.db, okafor);
});

const post = (body: unknown, token = teacherToken) => call(checkInRoute, { token, body, path: "/api/check-in" });
const rowsOf = (studentId: number) => state.db.select().from(checkIns).where(eq(checkIns.student_id, studentId));

describe("POST /api/check-in with a submission_id", () => {
  it("records a repeated submission once and answers the original result", async () => {
    const s = await createStudent(state.db);
    const body = {
      chips: [{ value: s.student.student_number, timestamp: at(WED) }, { value: "nobody-1" }],
      date: WED,
      submission_id: randomUUID(),
    };
    const first = await post(body);
    expect(first.status).toBe(200);
    expect(first.body.success).toHaveLength(1);
    const again = await post(body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.body.already_checked_in).toEqual([]);
    expect(await rowsOf(s.student.id)).toHaveLength(1);
  });

  it("records concurrent duplicates of one submission exactly once, and every one gets the same answer", async () => {
    const students = await Promise.all(Array.from({ length: 5 }, () => createStudent(state.db)));
    const body = {
      chips: students.map((s) => ({ value: s.student.student_number, timestamp: at(THU) })),
      date: THU,
      submission_id: randomUUID(),
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(body)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]!.body);
      expect(answer.body.success).toHaveLength(5);
    }
    for (const s of students) expect(await rowsOf(s.student.id)).toHaveLength(1);
    const stored = await state.db.select().from(checkInSubmissions).where(eq(checkInSubmissions.id, body.submission_id));
    expect(stored).toHaveLength(1);
  });

  it("never loses a submission: a failed one stores nothing, so its retry is judged afresh", async () => {
    const s = await createStudent(state.db);
    const id = randomUUID();
    const saturday = weekdayDate(6);
    const refused = await post({ chips: [{ value: s.student.student_number }], date: saturday, submission_id: id });
    expect(refused.status).toBe(422);
    const retried = await post({ chips: [{ value: s.student.student_number }], date: WED, submission_id: id });
    expect(retried.status).toBe(200);
    expect(retried.body.success).toHaveLength(1);
  });

  it("refuses a submission id another account used (409) and a malformed one (422)", async () => {
    const s = await createStudent(state.db);
    const id = randomUUID();
    expect((await post({ chips: [{ value: s.student.student_number }], date: WED, submission_id: id })).status).toBe(200);
    const other = await post({ chips: [{ value: s.student.student_number }], date: WED, submission_id: id }, okaforToken);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("submission_taken");
    const bad = await post({ chips: [{ value: "1" }], date: WED, submission_id: "not-a-uuid" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty("submission_id");
  });

  it("still takes the spec's payload without a submission_id", async () => {
    const s = await createStudent(state.db);
    const res = await post({ chips: [{ value: s.student.student_number }], type: "student_number", date: WED });
    expect(res.status).toBe(200);
    expect(res.body.success).toHaveLength(1);
  });
});

describe("a student already checked in by another teacher", () => {
  it("says who checked them in and when, and lists them for the scanner as checked in elsewhere", async () => {
    const malik = await createStudent(state.db, { first_name: "Malik", last_name: "Patel" });
    const date = WED;
    await post({ chips: [{ value: malik.student.student_number, timestamp: at(date, "10:04") }], date }, okaforToken);
    const res = await post({ chips: [{ value: malik.student.student_number }], date });
    expect(res.status).toBe(200);
    expect(res.body.success).toEqual([]);
    expect(res.body.already_checked_in).toHaveLength(1);
    expect(res.body.already_checked_in[0]).toMatchObject({
      checked_in_by: "Ms. Okafor",
      message: "Malik Patel was already checked in by Ms. Okafor at 10:04 AM",
    });
    const list = await call(elsewhereRoute, { token: teacherToken, params: { date } });
    expect(list.status).toBe(200);
    expect(list.body.can_move).toBe(false);
    const mine = list.body.entries.find((e: any) => e.student.id === malik.student.id);
    expect(mine).toMatchObject({ by_other_staff: true, checked_in_by: "Ms. Okafor", time: "10:04 AM" });
    // Okafor's own list does not show her own check-in as elsewhere.
    const hers = await call(elsewhereRoute, { token: okaforToken, params: { date } });
    expect(hers.body.entries.find((e: any) => e.student.id === malik.student.id)).toBeUndefined();
  });

  it("never gives another day's clock time for a check-in made ahead of the day", async () => {
    const ida = await createStudent(state.db, { first_name: "Ida", last_name: "Early" });
    // Captured the day before the block: proactive, and its clock time belongs to that other day.
    await post({ chips: [{ value: ida.student.student_number, timestamp: at(TUE, "15:30") }], date: WED }, okaforToken);
    const res = await post({ chips: [{ value: ida.student.student_number }], date: WED });
    expect(res.body.already_checked_in[0]).toMatchObject({
      message: "Ida Early was already checked in by Ms. Okafor (proactive check-in)",
    });
  });

  it("answers 401 signed out, 403 to a student and 422 for a bad date", async () => {
    expect((await call(elsewhereRoute, { params: { date: WED } })).status).toBe(401);
    const student = await createStudent(state.db);
    expect((await call(elsewhereRoute, { token: await tokenFor(state.db, student), params: { date: WED } })).status).toBe(403);
    expect((await call(elsewhereRoute, { token: teacherToken, params: { date: "2026-13-45" } })).status).toBe(422);
  });
});

describe("POST /api/check-in/move", () => {
  async function checkedInByOkafor() {
    const s = await createStudent(state.db);
    const res = await post({ chips: [{ value: s.student.student_number }], date: THU }, okaforToken);
    return { student: s.student, entryId: res.body.success[0].id as number };
  }

  it("is refused with a message while the school setting is off (the default)", async () => {
    const { entryId, student } = await checkedInByOkafor();
    const res = await call(moveRoute, { token: teacherToken, body: { entry_id: entryId } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "check_in_move_off", message: expect.stringContaining("does not let") });
    const [row] = await rowsOf(student.id);
    expect(row!.staff_id).toBe(okafor.staff.id);
  });

  it("moves the student to the caller and audits it when the setting is on", async () => {
    await setSetting(state.db, "check-in-move", "true");
    try {
      const { entryId, student } = await checkedInByOkafor();
      const res = await call(moveRoute, { token: teacherToken, body: { entry_id: entryId } });
      expect(res.status).toBe(200);
      const [row] = await rowsOf(student.id);
      expect(row).toMatchObject({ staff_id: teacher.staff.id, checked_in_by: teacher.user.id });
      const audits = await state.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "check_in.move"), eq(auditLog.actor_user_id, teacher.user.id)));
      expect(audits.some((a) => (a.details as any).check_in_id === entryId && (a.details as any).from_staff_id === okafor.staff.id)).toBe(true);
      const again = await call(moveRoute, { token: teacherToken, body: { entry_id: entryId } });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe("already_yours");
      expect((await call(moveRoute, { token: teacherToken, body: { entry_id: 2_000_000_000 } })).status).toBe(404);
    } finally {
      await setSetting(state.db, "check-in-move", "false");
    }
  });

  it("answers 401 signed out, 403 to a student and a sysadmin, 422 for a bad id", async () => {
    expect((await call(moveRoute, { body: { entry_id: 1 } })).status).toBe(401);
    const student = await createStudent(state.db);
    expect((await call(moveRoute, { token: await tokenFor(state.db, student), body: { entry_id: 1 } })).status).toBe(403);
    const sysadmin = await createSysadmin(state.db);
    expect((await call(moveRoute, { token: await tokenFor(state.db, sysadmin), body: { entry_id: 1 } })).status).toBe(403);
    const bad = await call(moveRoute, { token: teacherToken, body: { entry_id: "x" } });
    expect(bad.status).toBe(422);
  });
});
