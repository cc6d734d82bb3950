/** @jest-environment node */
import { POST as kioskCheckInRoute } from "@/app/api/kiosk/check-in/route";
import { POST as createRoute } from "@/app/api/kiosks/route";
import { authThrottle } from "@/db/schema";
import { KIOSK_UNKNOWN_BURST, KIOSK_UNKNOWN_DRAIN_SECONDS } from "@/lib/kiosk/service.server";
import { setSchoolClock as setClock } from "../helpers/clock";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { setSchoolYear } from "../helpers/schedule-factories";
import { createFocusBlock, TUE } from "../helpers/timetable-factories";

/**
 * The kiosk's answer and its limit (issue 23 item 14): a kiosk names the student by first name and
 * last initial only, and a kiosk token that keeps sending unknown numbers is slowed (429 with
 * Retry-After), per kiosk, while students it finds are never held back.
 */
const state = useTestDb();

afterEach(() => jest.useRealTimers());

let teacher: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  await setSchoolYear(state.db, 60, 60);
  await createFocusBlock(state.db, { days: [1, 2, 3, 4, 5], start: "09:26", end: "10:06" });
  teacher = await createStaff(state.db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace" });
});
beforeEach(async () => {
  // eslint-disable-next-line drizzle/enforce-delete-with-where -- start from an empty throttle
  await state.db.delete(authThrottle);
});

async function newKiosk(label: string) {
  const admin = await createAdmin(state.db);
  const res = await call(createRoute, { token: await tokenFor(state.db, admin), body: { label, staff_id: teacher.staff.id } });
  return res.body.token as string;
}
const checkIn = (token: string, student_number: string) =>
  call(kioskCheckInRoute, { headers: { authorization: `Kiosk ${token}` }, body: { student_number } });
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe("POST /api/kiosk/check-in", () => {
  it("names the student by first name (the one they go by) and last initial, nothing more", async () => {
    const token = await newKiosk("Gym door");
    await createStudent(state.db, { first_name: "Malik", last_name: "Patel", initials: "MP", student_number: "610001" });
    await createStudent(state.db, { first_name: "Jonathan", preferred_first_name: "Jon", last_name: "Émond", student_number: "610002" });
    setClock(TUE, "09:30");
    const malik = await checkIn(token, "610001");
    expect(malik.status).toBe(200);
    expect(malik.body.student).toEqual({ name: "Malik P.", initials: "MP", color: expect.any(String) });
    const jon = await checkIn(token, "610002");
    expect(jon.body.student.name).toBe("Jon É.");
    expect(JSON.stringify([malik.body, jon.body])).not.toMatch(/Patel|Jonathan|Émond|61000/);
  });

  it(`slows a kiosk after ${KIOSK_UNKNOWN_BURST} unknown numbers (429 with Retry-After), per kiosk; known numbers do not count`, async () => {
    const token = await newKiosk("Room 9 door");
    const other = await newKiosk("Room 10 door");
    const { student } = await createStudent(state.db, { first_name: "Ana", last_name: "Lee", student_number: "620001" });
    setClock(TUE, "09:30");
    // Known numbers, again and again, never fill it.
    for (let i = 0; i < KIOSK_UNKNOWN_BURST + 5; i++) expect((await checkIn(token, student.student_number)).status).toBe(200);
    const misses = await Promise.all(Array.from({ length: KIOSK_UNKNOWN_BURST + 10 }, (_, i) => checkIn(token, `99${String(i).padStart(4, "0")}`)));
    expect(tally(misses.map((r) => r.status))).toEqual({ 404: KIOSK_UNKNOWN_BURST, 429: 10 });
    const refused = misses.find((r) => r.status === 429)!;
    expect(refused.body).toMatchObject({ code: "too_many_attempts", message: `Too many attempts. Please wait ${KIOSK_UNKNOWN_DRAIN_SECONDS} seconds and try again.` });
    expect(refused.headers.get("retry-after")).toBe(String(KIOSK_UNKNOWN_DRAIN_SECONDS));
    // While full, even a real student waits (a place is taken before the look-up); another kiosk does not.
    expect((await checkIn(token, student.student_number)).status).toBe(429);
    expect((await checkIn(other, student.student_number)).status).toBe(200);
    expect((await checkIn(other, "990000")).status).toBe(404);
    // A minute later: four places have drained.
    setClock(TUE, "09:31");
    const after = [];
    for (let i = 0; i < 5; i++) after.push((await checkIn(token, `98${String(i).padStart(4, "0")}`)).status);
    expect(after).toEqual([404, 404, 404, 404, 429]);
  });
});
