/** @jest-environment node */
import { and, eq } from "drizzle-orm";
import { POST as blockMessage } from "@/app/api/staff/block-message/route";
import { auditLog, notificationRecipients, notifications, waitlistEntries } from "@/db/schema";
import { BLOCK_MESSAGES_PER_HOUR } from "@/lib/requests/block-message.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createAppointment, createWeekTimetable, type Answer } from "../helpers/schedule-factories";
import { createPlan, weekdayDate } from "../helpers/timetable-factories";

/** A teacher messages everyone planned (or booked) with them for a block and date, and its waitlist. */
const state = useTestDb();

let focus: { id: number };
let teacher: Awaited<ReturnType<typeof createStaff>>;
let other: Awaited<ReturnType<typeof createStaff>>;
const tokens: Record<string, string> = {};
const date = weekdayDate(3, 1);
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ focus } = await createWeekTimetable(state.db));
  teacher = await createStaff(state.db, { title: "Ms.", first_name: "Ana", last_name: "Ruiz", capacity: 30 });
  other = await createStaff(state.db, { title: "Mr.", first_name: "Bo", last_name: "Other", capacity: 30 });
  tokens.teacher = await tokenFor(state.db, teacher);
  tokens.other = await tokenFor(state.db, other);
  tokens.admin = await tokenFor(state.db, await createAdmin(state.db));
  tokens.sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
  for (const name of ["planned", "booked", "waiting", "elsewhere"]) {
    const s = await createStudent(state.db, { first_name: name, last_name: "Pupil" });
    ids[name] = s.student.id;
    if (name === "planned") tokens.student = await tokenFor(state.db, s);
  }
  await createPlan(state.db, { student_id: ids.planned!, staff_id: teacher.staff.id, block_id: focus.id, date });
  await createAppointment(state.db, { student_id: ids.booked!, staff_id: teacher.staff.id, block_id: focus.id, date });
  await state.db.insert(waitlistEntries).values({ student_id: ids.waiting!, staff_id: teacher.staff.id, block_id: focus.id, date });
  await createPlan(state.db, { student_id: ids.elsewhere!, staff_id: other.staff.id, block_id: focus.id, date });
});

const send = (body: unknown, token = tokens.teacher!) => call<Answer<{ sent: number }>>(blockMessage, { token, body });

async function inbox(studentId: number) {
  return state.db
    .select({ body: notifications.body })
    .from(notificationRecipients)
    .innerJoin(notifications, eq(notifications.id, notificationRecipients.notification_id))
    .where(eq(notificationRecipients.student_id, studentId));
}

describe("POST /api/staff/block-message", () => {
  it("tells the planned and booked students (202 with how many), audited", async () => {
    const res = await send({ block_id: focus.id, date, text: "Bring your lab notebook." });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ sent: 2 });
    expect((await inbox(ids.planned!)).map((n) => n.body).join(" ")).toContain("Bring your lab notebook.");
    expect(await inbox(ids.booked!)).toHaveLength(1);
    expect(await inbox(ids.waiting!)).toHaveLength(0);
    expect(await inbox(ids.elsewhere!)).toHaveLength(0);
    expect(await state.db.$count(auditLog, eq(auditLog.action, "block_message.send"))).toBe(1);
  });

  it("reaches the waitlist when asked; an administrator may send for a teacher", async () => {
    const res = await send({ block_id: focus.id, date, text: "Room 204 today.", include_waitlist: true, staff_id: teacher.staff.id }, tokens.admin);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ sent: 3 });
    expect((await inbox(ids.waiting!)).map((n) => n.body).join(" ")).toContain("Room 204 today.");
    expect((await send({ block_id: focus.id, date, text: "Hi", staff_id: teacher.staff.id }, tokens.sysadmin)).status).toBe(202);
  });

  it("refuses bad input: 400 unreadable, 422 empty, too long or a block that does not meet", async () => {
    expect((await call(blockMessage, { token: tokens.teacher, rawBody: "{" })).status).toBe(400);
    const empty = await send({ block_id: focus.id, date, text: "   " });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.text).toBeDefined();
    expect((await send({ block_id: focus.id, date, text: "x".repeat(1001) })).body.errors.text).toBeDefined();
    expect((await send({ block_id: focus.id, date: "nope", text: "Hi" })).body.errors.date).toBeDefined();
    expect((await send({ block_id: focus.id, date: weekdayDate(6, 1), text: "Hi" })).status).toBe(422);
    expect((await send({ block_id: focus.id, date: weekdayDate(3, -1), text: "Hi" })).status).toBe(409);
  });

  it("is the teacher's own: 403 for another teacher's students, a student, a sysadmin without staff_id; 401 signed out", async () => {
    expect((await send({ block_id: focus.id, date, text: "Hi", staff_id: teacher.staff.id }, tokens.other)).status).toBe(403);
    expect((await send({ block_id: focus.id, date, text: "Hi" }, tokens.student)).status).toBe(403);
    expect((await send({ block_id: focus.id, date, text: "Hi" }, tokens.sysadmin)).status).toBe(403);
    expect((await call(blockMessage, { body: { block_id: focus.id, date, text: "Hi" } })).status).toBe(401);
  });

  it(`throttles: at most ${BLOCK_MESSAGES_PER_HOUR} an hour per teacher (429 with Retry-After)`, async () => {
    const statuses = [];
    for (let i = 0; i < BLOCK_MESSAGES_PER_HOUR + 1; i++) statuses.push((await send({ block_id: focus.id, date, text: `Note ${i}` }, tokens.other)).status);
    expect(statuses.slice(0, BLOCK_MESSAGES_PER_HOUR).every((s) => s === 202)).toBe(true);
    const last = await send({ block_id: focus.id, date, text: "One more" }, tokens.other);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(
      await state.db.$count(auditLog, and(eq(auditLog.action, "block_message.send"))),
    ).toBeGreaterThanOrEqual(BLOCK_MESSAGES_PER_HOUR);
  });
});
