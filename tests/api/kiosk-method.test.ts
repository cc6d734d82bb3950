/** @jest-environment node */
import { GET as airCodeRoute } from "@/app/api/check-in/air-code/route";
import { POST as airRoute } from "@/app/api/check-in/air/route";
import { GET as statusRoute } from "@/app/api/check-in/status/route";
import { POST as kioskCheckInRoute } from "@/app/api/kiosk/check-in/route";
import { POST as createKioskRoute } from "@/app/api/kiosks/route";
import { GET as studentWeekRoute } from "@/app/api/students/[id]/schedule/[date]/route";
import { setSchoolClock as setClock } from "../helpers/clock";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { setSchoolYear } from "../helpers/schedule-factories";
import { createFocusBlock, TUE } from "../helpers/timetable-factories";

/**
 * Kiosk check-ins have their own method label (a teacher should know where a check-in came from): the teacher's Checked In list says
 * "kiosk" for a check-in made at a kiosk, and "air" for a student's own code, though the ledger
 * records both as 'air'.
 */
const state = useTestDb();
afterEach(() => jest.useRealTimers());

it("labels a kiosk's check-in 'kiosk' and a student's own code check-in 'air' in the teacher's list", async () => {
  await setSchoolYear(state.db, 60, 60);
  await createFocusBlock(state.db, { days: [1, 2, 3, 4, 5], start: "09:26", end: "10:06" });
  const admin = await createAdmin(state.db);
  const teacher = await createStaff(state.db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace" });
  const atKiosk = await createStudent(state.db, { first_name: "Kim", last_name: "Kiosk", student_number: "777001" });
  const withCode = await createStudent(state.db, { first_name: "Cody", last_name: "Code", student_number: "777002" });

  setClock(TUE, "09:30");
  const kiosk = await call(createKioskRoute, {
    token: await tokenFor(state.db, admin),
    body: { label: "Door", staff_id: teacher.staff.id },
    path: "/api/kiosks",
  });
  expect(kiosk.status).toBe(201);
  const scanned = await call(kioskCheckInRoute, {
    headers: { authorization: `Kiosk ${kiosk.body.token}` },
    body: { student_number: "777001" },
    path: "/api/kiosk/check-in",
  });
  expect(scanned.status).toBe(200);
  const teacherToken = await tokenFor(state.db, teacher);
  const code = (await call(airCodeRoute, { token: teacherToken, path: "/api/check-in/air-code" })).body.code;
  const typed = await call(airRoute, { token: await tokenFor(state.db, withCode), body: { code }, path: "/api/check-in/air" });
  expect(typed.status).toBe(200);

  const status = await call(statusRoute, { token: teacherToken, path: "/api/check-in/status" });
  expect(status.status).toBe(200);
  const methods = Object.fromEntries(
    status.body.blocks[0].ledger_entries.map((e: { student: { id: number }; method: string }) => [e.student.id, e.method]),
  );
  expect(methods).toEqual({ [atKiosk.student.id]: "kiosk", [withCode.student.id]: "air" });

  // The week (the block dialog's attendance) says it too.
  const logMethod = async (studentId: number) => {
    const week = await call(studentWeekRoute, { token: teacherToken, params: { id: String(studentId), date: TUE } });
    expect(week.status).toBe(200);
    const day = week.body.schedule.find((d: { date: { iso: string } }) => d.date.iso === TUE);
    return day.blocks.flatMap((b: { logs: { method: string }[] }) => b.logs.map((l) => l.method));
  };
  expect(await logMethod(atKiosk.student.id)).toEqual(["kiosk"]);
  expect(await logMethod(withCode.student.id)).toEqual(["air"]);
});
