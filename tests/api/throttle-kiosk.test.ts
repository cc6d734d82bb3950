/** @jest-environment node */
import { GET as inboxRoute } from "@/app/api/notifications/inbox/route";
import { POST as kioskCheckInRoute } from "@/app/api/kiosk/check-in/route";
import { POST as createRoute } from "@/app/api/kiosks/route";
import { authThrottle } from "@/db/schema";
import { KIOSK_ALERT_PAUSE_SECONDS } from "@/lib/kiosk/alert.server";
import { KIOSK_ALERT_LINK } from "@/lib/kiosk/alert-text";
import {
  KIOSK_RATE_BURST,
  KIOSK_RATE_DRAIN_SECONDS,
  KIOSK_UNKNOWN_BURST,
  KIOSK_UNKNOWN_DRAIN_SECONDS,
} from "@/lib/kiosk/service.server";
import { createStudents } from "../helpers/bulk-factories";
import { setSchoolClock as setClock } from "../helpers/clock";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createAppointment, setSchoolYear } from "../helpers/schedule-factories";
import { createFocusBlock, createPlan, TUE, WED } from "../helpers/timetable-factories";

/**
 * The kiosk's limits and its answer: every number takes a place in the kiosk's rate (10 at once, one
 * a second), which a line of students never reaches and a script at once does, and its teacher is
 * alerted in the app; unknown numbers slow only further unknown numbers; the answer names only a
 * student expected with the kiosk's teacher today, by first name and last initial.
 */
const state = useTestDb();

afterEach(() => jest.useRealTimers());

let focus: Awaited<ReturnType<typeof createFocusBlock>>;
beforeAll(async () => {
  await setSchoolYear(state.db, 60, 60);
  focus = await createFocusBlock(state.db, { days: [1, 2, 3, 4, 5], start: "09:26", end: "10:06" });
});
beforeEach(async () => {
  // eslint-disable-next-line drizzle/enforce-delete-with-where -- start from an empty throttle
  await state.db.delete(authThrottle);
});

let kiosks = 0;
/** A teacher of their own (so their inbox holds only this test's alerts) and a kiosk for them. */
async function newKiosk() {
  const teacher = await createStaff(state.db, { title: "Ms.", first_name: "Ada", last_name: `Lovelace${++kiosks}` });
  const admin = await createAdmin(state.db);
  const label = `Room ${kiosks} door`;
  const res = await call(createRoute, { token: await tokenFor(state.db, admin), body: { label, staff_id: teacher.staff.id } });
  return { token: res.body.token as string, teacher, label };
}
const checkIn = (token: string, student_number: string) =>
  call(kioskCheckInRoute, { headers: { authorization: `Kiosk ${token}` }, body: { student_number } });
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
/** The teacher's inbox messages from the kiosk (the real clock is not needed: the inbox has no window). */
async function alertsOf(teacher: { user: { id: number } }) {
  const inbox = await call(inboxRoute, { token: await tokenFor(state.db, teacher) });
  expect(inbox.status).toBe(200);
  return (inbox.body as { notification: { body: string; link: string | null } }[])
    .map((entry) => entry.notification)
    .filter((n) => n.link === KIOSK_ALERT_LINK);
}

describe("the kiosk's answer", () => {
  it("names a student expected with the kiosk's teacher today (plan or appointment) by first name and last initial; anyone else without a name", async () => {
    const { token, teacher } = await newKiosk();
    const other = await createStaff(state.db, { last_name: "Elsewhere" });
    const planned = await createStudent(state.db, { first_name: "Malik", last_name: "Patel", initials: "MP", student_number: "610001" });
    const booked = await createStudent(state.db, { first_name: "Jonathan", preferred_first_name: "Jon", last_name: "Émond", student_number: "610002" });
    await createStudent(state.db, { first_name: "Zoe", last_name: "Quinn", initials: "ZQ", student_number: "610003" });
    const plannedElsewhere = await createStudent(state.db, { first_name: "Yuri", last_name: "Ross", initials: "YR", student_number: "610004" });
    const plannedTomorrow = await createStudent(state.db, { first_name: "Xena", last_name: "Stone", initials: "XS", student_number: "610005" });
    const where = { block_id: focus.id, date: TUE };
    await createPlan(state.db, { student_id: planned.student.id, staff_id: teacher.staff.id, ...where });
    await createAppointment(state.db, { student_id: booked.student.id, staff_id: teacher.staff.id, ...where });
    await createPlan(state.db, { student_id: plannedElsewhere.student.id, staff_id: other.staff.id, ...where });
    await createPlan(state.db, { student_id: plannedTomorrow.student.id, staff_id: teacher.staff.id, block_id: focus.id, date: WED });
    setClock(TUE, "09:30");

    const malik = await checkIn(token, "610001");
    expect(malik.status).toBe(200);
    expect(malik.body.student).toEqual({ name: "Malik P.", initials: "MP", color: expect.any(String) });
    expect((await checkIn(token, "610002")).body.student.name).toBe("Jon É.");
    for (const [i, number] of ["610003", "610004", "610005"].entries()) {
      setClock(TUE, "09:30", 2 * (i + 1));
      const res = await checkIn(token, number);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: "checked_in", student: { name: null, initials: null, color: null } });
      expect(res.body.message).toBe(`Checked in to Ms. ${teacher.staff.last_name}, Ada's Focus Block.`);
      expect(JSON.stringify(res.body)).not.toMatch(/Zoe|Quinn|Yuri|Ross|Xena|Stone|ZQ|YR|XS|61000/);
    }
    expect(JSON.stringify(malik.body)).not.toMatch(/Patel|61000/);
  });

  it("turns no typed numbers into names: of 40 students walked through, only the 3 planned with the teacher are named", async () => {
    const { token, teacher } = await newKiosk();
    const list = await createStudents(state.db, 40);
    for (const s of list.slice(0, 3)) await createPlan(state.db, { student_id: s.id, staff_id: teacher.staff.id, block_id: focus.id, date: TUE });
    const named: string[] = [];
    for (const [i, s] of list.entries()) {
      setClock(TUE, "09:30", i * 1.5);
      const res = await checkIn(token, s.student_number);
      expect(res.status).toBe(200);
      if (res.body.student.name) named.push(res.body.student.name);
    }
    expect(named).toEqual(["Bulk S.", "Bulk S.", "Bulk S."]);
  });
});

describe("the kiosk's rate", () => {
  it(`lets a script typing 60 known numbers in 9.2 s check in only ${KIOSK_RATE_BURST} + one a second, and alerts the teacher once`, async () => {
    const { token, teacher, label } = await newKiosk();
    const list = await createStudents(state.db, 60);
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof checkIn>> | null = null;
    for (const [i, s] of list.entries()) {
      setClock(TUE, "09:40", (i * 9.2) / 59);
      const res = await checkIn(token, s.student_number);
      statuses.push(res.status);
      refused ??= res.status === 429 ? res : null;
    }
    // 10 at once, then one a second for the 9.2 s: 19 at most.
    const admitted = statuses.filter((s) => s === 200).length;
    expect(admitted).toBeGreaterThanOrEqual(KIOSK_RATE_BURST + 8);
    expect(admitted).toBeLessThanOrEqual(KIOSK_RATE_BURST + 9);
    expect(tally(statuses)).toEqual({ 200: admitted, 429: 60 - admitted });
    expect(refused!.body).toMatchObject({ code: "too_many_attempts", message: "Too many attempts. Please wait 1 second and try again." });
    expect(refused!.headers.get("retry-after")).toBe(String(KIOSK_RATE_DRAIN_SECONDS));

    const alerts = await alertsOf(teacher);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.body).toBe(
      `Kiosk “${label}”: student numbers came in faster than students can enter them (9:40 AM), so the kiosk is slowing down. If no line of students was at the kiosk, check your Checked In list for students who are not in the room.`,
    );
  });

  it("never slows a line of students: 60 one every 1.5 s, after a clump of 10 arriving together; no alert", async () => {
    const { token, teacher } = await newKiosk();
    const list = await createStudents(state.db, 70);
    setClock(TUE, "09:31");
    const clump = await Promise.all(list.slice(0, KIOSK_RATE_BURST).map((s) => checkIn(token, s.student_number)));
    expect(tally(clump.map((r) => r.status))).toEqual({ 200: KIOSK_RATE_BURST });
    const statuses: number[] = [];
    for (const [i, s] of list.slice(KIOSK_RATE_BURST).entries()) {
      setClock(TUE, "09:31", 1.5 * (i + 1));
      statuses.push((await checkIn(token, s.student_number)).status);
    }
    expect(tally(statuses)).toEqual({ 200: 60 });
    expect(await alertsOf(teacher)).toEqual([]);
  });

  it(`admits exactly ${KIOSK_RATE_BURST} of 30 numbers sent at the same moment; the rest wait a second`, async () => {
    const { token } = await newKiosk();
    const list = await createStudents(state.db, 30);
    setClock(TUE, "09:32");
    const results = await Promise.all(list.map((s) => checkIn(token, s.student_number)));
    expect(tally(results.map((r) => r.status))).toEqual({ 200: KIOSK_RATE_BURST, 429: 30 - KIOSK_RATE_BURST });
  });
});

describe("unknown numbers", () => {
  it(`slow only further unknown numbers: after ${KIOSK_UNKNOWN_BURST} misses a found student still checks in, another miss waits; per kiosk`, async () => {
    const { token, teacher, label } = await newKiosk();
    const other = await newKiosk();
    const { student } = await createStudent(state.db, { first_name: "Ana", last_name: "Lee", student_number: "620001" });
    const known = await createStudents(state.db, 5);
    // One a second (under the kiosk's rate), so only the misses' bucket decides.
    let t = 0;
    const at = () => setClock(TUE, "09:33", t++);
    at();
    // 20 at once and one every 15 s: at one a second, 21 misses before the first refusal.
    let misses = 0;
    let refused = await checkIn(token, "990000");
    while (refused.status === 404 && misses < 100) {
      misses++;
      at();
      refused = await checkIn(token, `99${String(misses).padStart(4, "0")}`);
    }
    expect(misses).toBe(KIOSK_UNKNOWN_BURST + 1);
    expect(refused.status).toBe(429);
    const refusedAt = t - 1;
    expect(refused.body).toMatchObject({ code: "too_many_attempts" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(KIOSK_UNKNOWN_DRAIN_SECONDS);
    // The students whose numbers are found are not held back by those misses.
    at();
    expect((await checkIn(token, student.student_number)).status).toBe(200);
    for (const s of known) {
      at();
      expect((await checkIn(token, s.student_number)).status).toBe(200);
    }
    // Another kiosk is untouched.
    expect((await checkIn(other.token, "990000")).status).toBe(404);
    // The teacher heard about it, once.
    const alerts = await alertsOf(teacher);
    expect(alerts.map((a) => a.body)).toEqual([
      `Kiosk “${label}”: many unknown student numbers were entered (9:33 AM), so the kiosk is slowing down unknown numbers. If no line of students was at the kiosk, check your Checked In list for students who are not in the room.`,
    ]);
    expect(await alertsOf(other.teacher)).toEqual([]);
    // A minute after the refusal four misses have drained.
    const after = [];
    for (let i = 0; i < 5; i++) {
      setClock(TUE, "09:33", refusedAt + 60 + i / 10);
      after.push((await checkIn(token, `98${String(i).padStart(4, "0")}`)).status);
    }
    expect(after).toEqual([404, 404, 404, 404, 429]);
  });
});

describe("the alert", () => {
  it(`is sent at most once every ${KIOSK_ALERT_PAUSE_SECONDS / 60} minutes per kiosk, whatever the limit hit`, async () => {
    const { token, teacher } = await newKiosk();
    const burst = async (time: string) => {
      setClock(TUE, time);
      const list = await createStudents(state.db, KIOSK_RATE_BURST + 3);
      const results = await Promise.all(list.map((s) => checkIn(token, s.student_number)));
      expect(results.filter((r) => r.status === 429)).toHaveLength(3);
    };
    await burst("09:30");
    await burst("09:31");
    for (let i = 0; i <= KIOSK_UNKNOWN_BURST; i++) {
      setClock(TUE, "09:32", i);
      await checkIn(token, `97${String(i).padStart(4, "0")}`);
    }
    expect(await alertsOf(teacher)).toHaveLength(1);
    await burst("09:41");
    expect(await alertsOf(teacher)).toHaveLength(2);
  });
});
