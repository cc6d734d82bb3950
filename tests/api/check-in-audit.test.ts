/** @jest-environment node */
import { and, eq, inArray } from "drizzle-orm";
import { GET as auditRoute } from "@/app/api/audit/route";
import { POST as checkInRoute } from "@/app/api/check-in/route";
import { GET as airCodeRoute } from "@/app/api/check-in/air-code/route";
import { POST as airRoute } from "@/app/api/check-in/air/route";
import { POST as kioskCheckInRoute } from "@/app/api/kiosk/check-in/route";
import { POST as createKioskRoute } from "@/app/api/kiosks/route";
import { auditLog } from "@/db/schema";
import type { AuditLogView } from "@/lib/audit/service.server";
import { schoolInstant } from "@/lib/core/time";
import { createStudents } from "../helpers/bulk-factories";
import { setSchoolClock as setClock } from "../helpers/clock";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";
import { setSchoolYear } from "../helpers/schedule-factories";
import { createFocusBlock, createPlan, TEST_TIMEZONE, TUE, WED } from "../helpers/timetable-factories";

/**
 * Check-ins are in the audit log (who checked whom in, when, and how), one `check_in.create` entry per
 * student written, in the statement that writes the ledger rows: by every way a check-in is made
 * (a scanner or typed number, the Scheduled list, an offline replay, an Air Check-in code, a kiosk).
 */
const state = useTestDb();
afterEach(() => jest.useRealTimers());

type Student = Awaited<ReturnType<typeof createStudent>>;
let focus: Awaited<ReturnType<typeof createFocusBlock>>;
let teacher: Awaited<ReturnType<typeof createStaff>>;
let teacherToken: string;
let adminToken: string;
beforeAll(async () => {
  await setSchoolYear(state.db, 60, 60);
  focus = await createFocusBlock(state.db, { days: [1, 2, 3, 4, 5], start: "09:26", end: "10:06" });
  teacher = await createStaff(state.db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace" });
  teacherToken = await tokenFor(state.db, teacher);
  adminToken = await tokenFor(state.db, await createAdmin(state.db));
});

let numbers = 0;
const newStudent = (first_name: string, last_name: string) =>
  createStudent(state.db, { first_name, last_name, student_number: `73${String(++numbers).padStart(4, "0")}` });
const entriesOf = (students: Student[]) =>
  state.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "check_in.create"), inArray(auditLog.target_user_id, students.map((s) => s.user.id))));
const at = (date: string, time: string) => schoolInstant(date, time, TEST_TIMEZONE).toISOString();

describe("POST /api/check-in", () => {
  it("audits each student it writes (scanned or typed): who, whom, when, which list and how; none for the already checked in or unknown", async () => {
    const [malik, jon] = [await newStudent("Malik", "Patel"), await newStudent("Jon", "Émond")];
    const date = WED;
    await call(checkInRoute, { token: teacherToken, body: { chips: [{ value: jon.student.student_number }], date } });
    const before = Date.now();
    const res = await call(checkInRoute, {
      token: teacherToken,
      body: { chips: [{ value: malik.student.student_number, timestamp: at(date, "09:31") }, { value: jon.student.student_number }, { value: "no-such" }], date },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toHaveLength(1);
    const entries = await entriesOf([malik, jon]);
    expect(entries).toHaveLength(2); // Jon's from the first check-in only
    const entry = entries.find((e) => e.target_user_id === malik.user.id)!;
    expect(entry).toMatchObject({ actor_user_id: teacher.user.id, action: "check_in.create" });
    expect(entry.created_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(entry.details).toEqual({
      check_in_id: res.body.success[0].id,
      student: "Malik Patel",
      teacher: "Ms. Lovelace, Ada",
      block: "Focus Block",
      block_id: focus.id,
      date,
      via: "scan",
      method: "manual",
      captured_at: at(date, "09:31"),
    });

    // The audit log says it in words.
    const log = await call<AuditLogView>(auditRoute, { token: adminToken, query: { action: "check_in.create" } });
    const shown = log.body.entries.find((e) => e.details?.check_in_id === entry.details!.check_in_id)!;
    expect(shown).toMatchObject({
      action_label: "Checked a student in",
      actor: { user_id: teacher.user.id },
      target: { user_id: malik.user.id },
    });
    expect(shown.summary).toMatch(/^Checked Malik Patel in to Ms\. Lovelace, Ada's Focus Block on \w{3} \w{3} \d+, \d{4} with a scanner or a typed number\.$/);
  });

  it("audits a roll call from the Scheduled list, and a sysadmin's check-in (no teacher's list)", async () => {
    const [a, b] = [await newStudent("Roll", "Call"), await newStudent("Sys", "Admin")];
    const date = TUE;
    setClock(TUE, "09:40");
    // Sessions made at this clock (one made a week earlier would be idle past its time).
    const teacherToken = await tokenFor(state.db, teacher);
    expect((await call(checkInRoute, { token: teacherToken, body: { chips: [{ value: a.student.id }], type: "student_id", date } })).status).toBe(200);
    const sysadmin = await createSysadmin(state.db);
    expect((await call(checkInRoute, { token: await tokenFor(state.db, sysadmin), body: { chips: [{ value: b.student.student_number }], date } })).status).toBe(200);
    const entries = await entriesOf([a, b]);
    expect(entries.find((e) => e.target_user_id === a.user.id)).toMatchObject({
      actor_user_id: teacher.user.id,
      details: { via: "scheduled_list", method: "roll-call", teacher: "Ms. Lovelace, Ada" },
    });
    expect(entries.find((e) => e.target_user_id === b.user.id)).toMatchObject({
      actor_user_id: sysadmin.user.id,
      details: { via: "scan", teacher: null },
    });
  });

  it("audits an offline replay as one, once however often the device sends it", async () => {
    const s = await newStudent("Off", "Line");
    const body = {
      chips: [{ value: s.student.student_number, timestamp: at(TUE, "09:30") }],
      date: TUE,
      submission_id: "3b241101-e2bb-4255-8caf-4136c566a962",
      replay: true,
    };
    for (let i = 0; i < 3; i++) expect((await call(checkInRoute, { token: teacherToken, body })).status).toBe(200);
    const entries = await entriesOf([s]);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({ via: "offline_replay", captured_at: at(TUE, "09:30") });
  });

  it("refuses a replay flag that is not true or false (422)", async () => {
    const res = await call(checkInRoute, { token: teacherToken, body: { chips: [{ value: "1" }], replay: "yes" } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty("replay");
  });

  it("keeps a 500-number check-in one batch: the same statements for 1 and for 500, with 500 entries", async () => {
    const run = async (count: number, date: string) => {
      const list = await createStudents(state.db, count);
      const { statements, result } = await statementsOf(teacherToken, () =>
        call(checkInRoute, { token: teacherToken, body: { chips: list.map((s) => ({ value: s.student_number })), date } }),
      );
      expect(result.body.success).toHaveLength(count);
      const written = await state.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.action, "check_in.create"), inArray(auditLog.target_user_id, list.map((s) => s.user_id))));
      expect(written).toHaveLength(count);
      return statements;
    };
    expect(await run(500, TUE)).toBe(await run(1, WED));
  });
});

describe("self check-ins", () => {
  it("audits an Air Check-in code as the student's own act, and a kiosk's with its name and no one acting", async () => {
    const [coder, walker] = [await newStudent("Cody", "Code"), await newStudent("Kim", "Kiosk")];
    await createPlan(state.db, { student_id: walker.student.id, staff_id: teacher.staff.id, block_id: focus.id, date: TUE });
    setClock(TUE, "09:30");
    const teacherToken = await tokenFor(state.db, teacher);
    const adminToken = await tokenFor(state.db, await createAdmin(state.db));
    const code = (await call(airCodeRoute, { token: teacherToken })).body.code;
    const typed = await call(airRoute, { token: await tokenFor(state.db, coder), body: { code } });
    expect(typed.body).toMatchObject({ status: "checked_in" });
    const kiosk = await call(createKioskRoute, { token: adminToken, body: { label: "Room 12 door", staff_id: teacher.staff.id } });
    const scanned = await call(kioskCheckInRoute, {
      headers: { authorization: `Kiosk ${kiosk.body.token}` },
      body: { student_number: walker.student.student_number },
    });
    expect(scanned.status).toBe(200);
    const entries = await entriesOf([coder, walker]);
    expect(entries.find((e) => e.target_user_id === coder.user.id)).toMatchObject({
      actor_user_id: coder.user.id,
      details: { via: "air_code", method: "air", teacher: "Ms. Lovelace, Ada", student: "Cody Code", date: TUE },
    });
    expect(entries.find((e) => e.target_user_id === walker.user.id)).toMatchObject({
      actor_user_id: null,
      details: { via: "kiosk", method: "air", kiosk: "Room 12 door", kiosk_id: kiosk.body.kiosk.id, student: "Kim Kiosk" },
    });
    const log = await call<AuditLogView>(auditRoute, { token: adminToken, query: { action: "check_in.create" } });
    const atKiosk = log.body.entries.find((e) => e.target?.user_id === walker.user.id)!;
    expect(atKiosk.actor).toBeNull();
    expect(atKiosk.summary).toMatch(/ at the kiosk “Room 12 door”\.$/);
    // A second try writes nothing, so it is not audited again.
    await call(kioskCheckInRoute, { headers: { authorization: `Kiosk ${kiosk.body.token}` }, body: { student_number: walker.student.student_number } });
    expect(await entriesOf([walker])).toHaveLength(1);
  });
});
