/** @jest-environment node */
import { and, eq, sql } from "drizzle-orm";
import { POST as bookRoute } from "@/app/api/appointments/create/route";
import { DELETE as seriesDelete, GET as seriesGet, PATCH as seriesPatch } from "@/app/api/appointments/series/[id]/route";
import { GET as seriesList, POST as seriesPost } from "@/app/api/appointments/series/route";
import { POST as eventRoute } from "@/app/api/calendar-events/route";
import { GET as studentScheduleRoute } from "@/app/api/students/[id]/schedule/[date]/route";
import { POST as schedulePlan } from "@/app/api/students/schedule-plan/route";
import { appointments, auditLog, notificationRecipients, plans, schoolDayOverrides } from "@/db/schema";
import { ALREADY_CHECKED_IN, LIMIT_REACHED } from "@/lib/requests/series.server";
import type { AppointmentSeries } from "@/lib/requests/series-types";
import { addDays } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createAppointment, createEvent, createWeekTimetable, type Answer } from "../helpers/schedule-factories";
import { createCheckIn, createPlan, regenerateTestCalendar, weekdayDate } from "../helpers/timetable-factories";

/**
 * A teacher's recurring requests (appointment series) and locked / unlocked
 * appointments. The test school: a weekly timetable (day types are weekday names), the Focus Block
 * Monday to Friday, a school year 60 days either side of today.
 */
const state = useTestDb();
const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

let focus: { id: number };
let course: { id: number };
let ruiz: Awaited<ReturnType<typeof createStaff>>;
let reyes: Awaited<ReturnType<typeof createStaff>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ({ focus, course } = await createWeekTimetable(state.db));
  ruiz = await createStaff(state.db, { title: "Ms.", first_name: "Ana", last_name: "Ruiz", capacity: 30 });
  reyes = await createStaff(state.db, { title: "Mr.", first_name: "Daniel", last_name: "Reyes", capacity: 30 });
  tokens.ruiz = await tokenFor(state.db, ruiz);
  tokens.reyes = await tokenFor(state.db, reyes);
  tokens.admin = await tokenFor(state.db, await createAdmin(state.db));
});

/** Tuesdays from next week's Monday for `weeks` weeks. */
const tuesdays = (weeks: number, first = 1) => Array.from({ length: weeks }, (_, i) => weekdayDate(2, first + i));

const post = (body: unknown, token = tokens.ruiz!) => call<Answer<AppointmentSeries>>(seriesPost, { token, body });
const get = (id: number, token = tokens.ruiz!) => call<Answer<AppointmentSeries>>(seriesGet, { token, params: { id: String(id) } });
const patch = (id: number, body: unknown, token = tokens.ruiz!) =>
  call<Answer<AppointmentSeries>>(seriesPatch, { token, params: { id: String(id) }, body, method: "PATCH" });
const del = (id: number, token = tokens.ruiz!) =>
  call<Answer<AppointmentSeries & { cancelled: number }>>(seriesDelete, { token, params: { id: String(id) }, method: "DELETE" });

async function students(n: number) {
  const list = [];
  for (let i = 0; i < n; i++) {
    const s = await createStudent(state.db, { first_name: `Pupil${i}`, last_name: "Series" });
    list.push({ ...s, token: await tokenFor(state.db, s) });
  }
  return list;
}

const occurrencesOf = (seriesId: number) =>
  state.db.select().from(appointments).where(eq(appointments.series_id, seriesId)).orderBy(appointments.date, appointments.student_id);

const inboxOf = (studentId: number) =>
  state.db.$count(notificationRecipients, eq(notificationRecipients.student_id, studentId));

describe("POST /api/appointments/series", () => {
  it("books every Tuesday of the range for each student, tells each student once, and audits it", async () => {
    const [a, b] = await students(2);
    const before = await inboxOf(a!.student.id);
    const dates = tuesdays(4);
    const res = await post({
      student_ids: [b!.student.id, a!.student.id, a!.student.id],
      block_id: focus.id,
      weekday: 2,
      from: weekdayDate(1, 1),
      until: addDays(dates[3]!, 2),
      memo: "Chemistry test retake",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      staff: { id: ruiz.staff.id, name: "Ms. Ruiz, Ana" },
      block: { id: focus.id, label: "Focus Block" },
      weekday: 2,
      day_type: null,
      pattern: "every Tuesday",
      memo: "Chemistry test retake",
      locked: true,
      booked: 8,
      skipped: [],
      cancelled_at: null,
    });
    expect(res.body.students.map((s) => s.id).sort()).toEqual([a!.student.id, b!.student.id].sort());
    expect(res.body.dates).toEqual(dates.map((date) => ({ date, booked: 2, meets: true })));
    const rows = await occurrencesOf(res.body.id);
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.locked && r.staff_id === ruiz.staff.id && r.memo === "Chemistry test retake")).toBe(true);
    // One message per student for the whole series, however many dates.
    expect((await inboxOf(a!.student.id)) - before).toBe(1);
    expect(
      await state.db.$count(auditLog, and(eq(auditLog.action, "appointment_series.create"), sql`${auditLog.details}->>'series_id' = ${String(res.body.id)}`)),
    ).toBe(1);
  });

  it("follows a day type of the generated calendar and skips a holiday; a weekday pattern reports the holiday", async () => {
    const [a] = await students(1);
    const dates = tuesdays(3, 2);
    await createEvent(state.db, { date: dates[1]!, name: "Pro-D Day", no_blocks: true });
    const byType = await post({ student_ids: [a!.student.id], block_id: focus.id, day_type: "Tuesday", from: dates[0], until: dates[2], memo: "" });
    expect(byType.status).toBe(201);
    expect(byType.body.dates.map((d) => d.date)).toEqual([dates[0], dates[2]]);
    expect(byType.body.skipped).toEqual([]);
    const [b] = await students(1);
    const byWeekday = await post({ student_ids: [b!.student.id], block_id: focus.id, weekday: 2, from: dates[0], until: dates[2] });
    expect(byWeekday.status).toBe(201);
    expect(byWeekday.body.dates.map((d) => d.date)).toEqual([dates[0], dates[2]]);
    expect(byWeekday.body.skipped).toEqual([{ student_id: b!.student.id, date: dates[1], reason: "No Focus Block that day (Pro-D Day)." }]);
  });

  it("follows a day type changed by hand (a Wednesday made a Tuesday)", async () => {
    const [a] = await students(1);
    const tuesday = weekdayDate(2, 8);
    const wednesday = weekdayDate(3, 8);
    await state.db.insert(schoolDayOverrides).values({ date: wednesday, day_type: "Tuesday" });
    await regenerateTestCalendar(state.db);
    const res = await post({ student_ids: [a!.student.id], block_id: focus.id, day_type: "Tuesday", from: tuesday, until: addDays(wednesday, 1) });
    expect(res.status).toBe(201);
    expect(res.body.dates.map((d) => d.date)).toEqual([tuesday, wednesday]);
  });

  it("obeys the appointment limit and an existing check-in for each occurrence, and says so", async () => {
    const [a] = await students(1);
    const dates = tuesdays(3, 5);
    await createAppointment(state.db, { student_id: a!.student.id, staff_id: reyes.staff.id, block_id: focus.id, date: dates[0]! });
    await createCheckIn(state.db, { student_id: a!.student.id, block_id: focus.id, date: dates[1]!, staff_id: reyes.staff.id });
    const res = await post({ student_ids: [a!.student.id], block_id: focus.id, weekday: 2, from: dates[0], until: dates[2] });
    expect(res.status).toBe(201);
    expect(res.body.booked).toBe(1);
    expect(res.body.skipped).toEqual([
      { student_id: a!.student.id, date: dates[0], reason: LIMIT_REACHED },
      { student_id: a!.student.id, date: dates[1], reason: ALREADY_CHECKED_IN },
    ]);
  });

  it("answers 400 for an unreadable body and 422 with field errors for bad input", async () => {
    const [a] = await students(1);
    const good = { student_ids: [a!.student.id], block_id: focus.id, weekday: 2, from: weekdayDate(1, 1), until: weekdayDate(5, 2) };
    expect((await call(seriesPost, { token: tokens.ruiz, rawBody: "{not json" })).status).toBe(400);
    const cases: [unknown, string][] = [
      [{ ...good, weekday: undefined }, "day_type"],
      [{ ...good, day_type: "Tuesday" }, "day_type"],
      [{ ...good, weekday: 7 }, "weekday"],
      [{ ...good, student_ids: [] }, "student_ids"],
      [{ ...good, student_ids: Array.from({ length: 501 }, (_, i) => i + 1) }, "student_ids"],
      [{ ...good, student_ids: [999999] }, "student_ids"],
      [{ ...good, from: "not a date" }, "from"],
      [{ ...good, until: weekdayDate(1, 0) }, "until"],
      [{ ...good, from: weekdayDate(1, -2) }, "from"],
      [{ ...good, until: addDays(good.from, 400) }, "until"],
      [{ ...good, weekday: undefined, day_type: "Day 9" }, "day_type"],
      [{ ...good, block_id: course.id }, "block_id"],
      [{ ...good, memo: "x".repeat(151) }, "memo"],
      [{ ...good, locked: "no" }, "locked"],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect([res.status, field, res.body.errors?.[field]?.length ?? 0]).toEqual([422, field, expect.any(Number)]);
      expect(res.body.errors[field]!.length).toBeGreaterThan(0);
    }
    expect((await post({ ...good, block_id: 999999 })).status).toBe(404);
    expect(await state.db.$count(appointments, eq(appointments.student_id, a!.student.id))).toBe(0);
  });

  it("is for staff: 401 signed out, 403 for a student", async () => {
    const [a] = await students(1);
    const body = { student_ids: [a!.student.id], block_id: focus.id, weekday: 2, from: weekdayDate(1, 1), until: weekdayDate(5, 1) };
    expect((await call(seriesPost, { body })).status).toBe(401);
    expect((await post(body, a!.token)).status).toBe(403);
  });
});

describe("GET, PATCH and DELETE /api/appointments/series/{id}", () => {
  it("lists the caller's own series (an administrator's: everyone's) and refuses another teacher's (403)", async () => {
    const [a] = await students(1);
    const mine = await post({ student_ids: [a!.student.id], block_id: focus.id, weekday: 3, from: weekdayDate(1, 1), until: weekdayDate(5, 1) });
    const theirs = await post({ student_ids: [a!.student.id], block_id: focus.id, weekday: 4, from: weekdayDate(1, 1), until: weekdayDate(5, 1) }, tokens.reyes);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    const own = await call<AppointmentSeries[]>(seriesList, { token: tokens.ruiz });
    expect(own.status).toBe(200);
    expect(own.body.map((s) => s.id)).toContain(mine.body.id);
    expect(own.body.map((s) => s.id)).not.toContain(theirs.body.id);
    const all = await call<AppointmentSeries[]>(seriesList, { token: tokens.admin });
    expect(all.body.map((s) => s.id)).toEqual(expect.arrayContaining([mine.body.id, theirs.body.id]));
    expect((await get(theirs.body.id)).status).toBe(403);
    expect((await patch(theirs.body.id, { memo: "mine now" })).status).toBe(403);
    expect((await del(theirs.body.id)).status).toBe(403);
    expect((await get(theirs.body.id, tokens.admin)).status).toBe(200);
    expect((await get(999999)).status).toBe(404);
    expect((await get(mine.body.id, a!.token)).status).toBe(403);
    expect((await call(seriesList, { token: a!.token })).status).toBe(403);
    expect((await patch(mine.body.id, {})).status).toBe(422);
    expect((await patch(mine.body.id, { locked: "maybe" })).status).toBe(422);
  });

  it("edits memo and lock on the pending occurrences; shortening cancels later ones, extending books new ones", async () => {
    const [a, b] = await students(2);
    const dates = [1, 2, 3, 4].map((week) => weekdayDate(3, week));
    const made = await post({ student_ids: [a!.student.id, b!.student.id], block_id: focus.id, weekday: 3, from: dates[0], until: dates[3], memo: "Lab" });
    expect(made.body.booked).toBe(8);
    const styled = await patch(made.body.id, { memo: "Lab catch-up", locked: false });
    expect(styled.status).toBe(200);
    expect(styled.body).toMatchObject({ memo: "Lab catch-up", locked: false, booked: 8 });
    expect((await occurrencesOf(made.body.id)).every((r) => r.memo === "Lab catch-up" && !r.locked)).toBe(true);

    const before = await inboxOf(a!.student.id);
    const shorter = await patch(made.body.id, { until: dates[1] });
    expect(shorter.status).toBe(200);
    expect(shorter.body.until).toBe(dates[1]);
    expect(shorter.body.dates.map((d) => d.date)).toEqual(dates.slice(0, 2));
    expect((await inboxOf(a!.student.id)) - before).toBe(1);

    const longer = await patch(made.body.id, { until: dates[2] });
    expect(longer.status).toBe(200);
    expect(longer.body.dates).toEqual(dates.slice(0, 3).map((date) => ({ date, booked: 2, meets: true })));
    expect((await occurrencesOf(made.body.id)).filter((r) => r.date === dates[2]).every((r) => !r.locked && r.memo === "Lab catch-up")).toBe(true);
    expect((await patch(made.body.id, { until: addDays(dates[0]!, -1) })).status).toBe(422);
    expect((await patch(made.body.id, { until: addDays(made.body.from, 400) })).status).toBe(422);
  });

  it("cancels every pending occurrence as one; past ones stay; a second cancel is 409", async () => {
    const [a, b] = await students(2);
    const dates = [1, 2, 3].map((week) => weekdayDate(5, week));
    const made = await post({ student_ids: [a!.student.id, b!.student.id], block_id: focus.id, weekday: 5, from: dates[0], until: dates[2], memo: "Retake" });
    // An occurrence already past (last week's): it stays, with its attendance.
    const past = weekdayDate(5, -1);
    await state.db.insert(appointments).values({ student_id: a!.student.id, staff_id: ruiz.staff.id, block_id: focus.id, date: past, memo: "Retake", series_id: made.body.id });
    const before = await inboxOf(b!.student.id);
    const res = await del(made.body.id);
    expect(res.status).toBe(200);
    expect(res.body.cancelled).toBe(6);
    expect(res.body.cancelled_at).not.toBeNull();
    expect((await occurrencesOf(made.body.id)).map((r) => r.date)).toEqual([past]);
    expect((await inboxOf(b!.student.id)) - before).toBe(1);
    expect(await state.db.$count(auditLog, and(eq(auditLog.action, "appointment_series.cancel"), sql`${auditLog.details}->>'series_id' = ${String(made.body.id)}`))).toBe(1);
    const again = await del(made.body.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("series_cancelled");
    expect((await patch(made.body.id, { memo: "x" })).body.code).toBe("series_cancelled");
  });

  it("an occurrence on a day closed after booking: the day shows no block, the series says it does not meet", async () => {
    const [a] = await students(1);
    const dates = tuesdays(2, 7);
    const made = await post({ student_ids: [a!.student.id], block_id: focus.id, weekday: 2, from: dates[0], until: dates[1] });
    expect(made.body.booked).toBe(2);
    const closed = await call(eventRoute, { token: tokens.admin, body: { date: dates[0], name: "Snow day", no_blocks: true } });
    expect(closed.status).toBe(201);
    const after = await get(made.body.id);
    expect(after.body.dates).toEqual([
      { date: dates[0], booked: 1, meets: false },
      { date: dates[1], booked: 1, meets: true },
    ]);
    const week = await call(studentScheduleRoute, { token: tokens.ruiz, params: { id: String(a!.student.id), date: dates[0]! } });
    expect(week.status).toBe(200);
    const day = (week.body as { schedule: { date: { iso: string }; blocks: { id: number }[] }[] }).schedule.find((d) => d.date.iso === dates[0]);
    expect(day?.blocks.filter((block) => block.id === focus.id) ?? []).toEqual([]);
  });
});

describe("locked and unlocked appointments (the ladder's appointment and request)", () => {
  const choose = (token: string, date: string, staffId = reyes.staff.id) =>
    call<Answer<unknown>>(schedulePlan, { token, body: { block_id: focus.id, date, staff_id: staffId } });

  it("a locked appointment refuses the student's choice with the teacher's name and memo", async () => {
    const [a] = await students(1);
    const date = weekdayDate(3, 1);
    await createAppointment(state.db, { student_id: a!.student.id, staff_id: ruiz.staff.id, block_id: focus.id, date, memo: "a test retake" });
    const res = await choose(a!.token, date);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "has_appointment", message: "Ms. Ruiz has booked you for a test retake — ask her to change it." });
    const other = weekdayDate(4, 1);
    await createAppointment(state.db, { student_id: a!.student.id, staff_id: reyes.staff.id, block_id: focus.id, date: other, memo: "" });
    expect((await choose(a!.token, other, ruiz.staff.id)).body.message).toBe("Mr. Reyes has booked you — ask him to change it.");
  });

  it("an unlocked request gives way: the choice cancels it (audited) and its teacher is told", async () => {
    const [a] = await students(1);
    const date = weekdayDate(3, 2);
    const booked = await call(bookRoute, {
      token: tokens.ruiz,
      body: { student_id: a!.student.id, block_id: focus.id, date, memo: "Come if you can", locked: false },
    });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ locked: false, series_id: null });
    const week = await call(studentScheduleRoute, { token: a!.token, params: { id: "self", date } });
    const block = (week.body as { schedule: { date: { iso: string }; blocks: { id: number; reason: unknown; appointments: unknown[] }[] }[] }).schedule
      .find((d) => d.date.iso === date)!
      .blocks.find((b) => b.id === focus.id)!;
    expect(block.reason).toMatchObject({ kind: "booked", locked: false, memo: "Come if you can" });
    expect(block.appointments).toEqual([expect.objectContaining({ locked: false })]);

    const told = await state.db.$count(notificationRecipients, eq(notificationRecipients.staff_id, ruiz.staff.id));
    const res = await choose(a!.token, date);
    expect(res.status).toBe(200);
    expect(await state.db.$count(appointments, and(eq(appointments.student_id, a!.student.id), eq(appointments.date, date)))).toBe(0);
    expect(await state.db.$count(plans, and(eq(plans.student_id, a!.student.id), eq(plans.date, date)))).toBe(1);
    expect(await state.db.$count(auditLog, and(eq(auditLog.action, "appointment.release"), sql`${auditLog.details}->>'appointment_id' = ${String((booked.body as { id: number }).id)}`))).toBe(1);
    expect((await state.db.$count(notificationRecipients, eq(notificationRecipients.staff_id, ruiz.staff.id))) - told).toBe(1);
  });

  it("a refused choice (the teacher is full) keeps the unlocked request", async () => {
    const [a, b] = await students(2);
    const full = await createStaff(state.db, { capacity: 1 });
    const date = weekdayDate(5, 2);
    await createPlan(state.db, { student_id: b!.student.id, staff_id: full.staff.id, block_id: focus.id, date });
    await state.db.insert(appointments).values({ student_id: a!.student.id, staff_id: ruiz.staff.id, block_id: focus.id, date, memo: "", locked: false });
    expect((await choose(a!.token, date, full.staff.id)).status).toBe(409);
    expect(await state.db.$count(appointments, and(eq(appointments.student_id, a!.student.id), eq(appointments.date, date)))).toBe(1);
  });

  it("POST /api/appointments/create refuses a lock that is not true or false (422)", async () => {
    const [a] = await students(1);
    const res = await call<Answer<unknown>>(bookRoute, {
      token: tokens.ruiz,
      body: { student_id: a!.student.id, block_id: focus.id, date: weekdayDate(3, 3), locked: "yes" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.locked).toBeDefined();
  });
});

describe("races (PostgreSQL)", () => {
  onPostgres("a recurring request booked while a day of it becomes a holiday: nobody is expected on the closed day", async () => {
    for (let round = 0; round < 3; round++) {
      const pupils = await students(20);
      // Thursdays, two weeks a round (no other test here closes a Thursday).
      const dates = [weekdayDate(4, 2 + 2 * round), weekdayDate(4, 3 + 2 * round), weekdayDate(4, 3 + 2 * round)];
      const holiday = dates[1]!;
      const [made, closed] = await Promise.all([
        post({ student_ids: pupils.map((p) => p.student.id), block_id: focus.id, weekday: 4, from: dates[0], until: dates[1], memo: `Round ${round}` }),
        call(eventRoute, { token: tokens.admin, body: { date: holiday, name: `Closed ${round}`, no_blocks: true } }),
      ]);
      expect([made.status, closed.status]).toEqual([201, 201]);
      const series = (await get(made.body.id)).body;
      const onHoliday = series.dates.find((d) => d.date === holiday);
      const skippedThere = series.skipped.filter((s) => s.date === holiday);
      // Either the booking saw the holiday (every student skipped with its reason), or the holiday came
      // after (the occurrences are kept but the series says the block no longer meets that day).
      if (onHoliday) {
        expect(onHoliday).toEqual({ date: holiday, booked: 20, meets: false });
        expect(skippedThere).toEqual([]);
      } else {
        expect(skippedThere).toHaveLength(20);
        expect(skippedThere.every((s) => s.reason === `No Focus Block that day (Closed ${round}).`)).toBe(true);
      }
      expect(series.dates.filter((d) => d.date !== holiday)).toEqual([{ date: dates[0], booked: 20, meets: true }]);
      // The holiday closed the day: no block meets, so no student's week shows the appointment.
      const meets = await state.db.execute(sql`select 1 from block_occurrences where date = ${holiday}::date`);
      expect(((meets as unknown as { rows?: unknown[] }).rows ?? meets) as unknown[]).toHaveLength(0);
    }
  });
});

