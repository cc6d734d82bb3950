/** @jest-environment node */
import { eq } from "drizzle-orm";
import { POST as sendNow } from "@/app/api/reminders/send/route";
import { PUT as putSettings } from "@/app/api/settings/route";
import { notificationRecipients, notifications, outbox } from "@/db/schema";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { dueReminders } from "@/lib/placement/reminders.server";
import { addDays, schoolInstant } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createAppointment, createWeekTimetable, setSetting } from "../helpers/schedule-factories";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { createPlan, MON, SAT, TEST_TIMEZONE, TUE } from "../helpers/timetable-factories";

const state = useTestDb();
const at = (date: string, time: string) => schoolInstant(date, time, TEST_TIMEZONE);
let smtp: TestSmtpServer;
let focus: { id: number };
let ruiz: Awaited<ReturnType<typeof createStaff>>;
let adminToken: string;
const kids: Record<string, Awaited<ReturnType<typeof createStudent>>> = {};

beforeAll(async () => {
  smtp = await startSmtpServer();
  const db = state.db;
  ({ focus } = await createWeekTimetable(db));
  await setSetting(db, "quiet-hours", "");
  ruiz = await createStaff(db, { title: "Ms.", first_name: "Elena", last_name: "Ruiz", email: "ruiz@school.example" });
  await createStaff(db, { title: "Mr.", first_name: "Office", last_name: "Only", email: "office@school.example", takes_students: false });
  const admin = await createAdmin(db, { email: "head@school.example" });
  adminToken = await tokenFor(db, admin);
  kids.chose = await createStudent(db, { first_name: "Ana", last_name: "Chose", email: "ana@students.example", default_teacher_id: ruiz.staff.id });
  kids.booked = await createStudent(db, { first_name: "Ben", last_name: "Booked", email: "ben@students.example" });
  kids.open = await createStudent(db, { first_name: "Cleo", last_name: "Open", email: "cleo@students.example" });
  kids.noEmail = await createStudent(db, { first_name: "Dev", last_name: "Nomail" });
  kids.left = await createStudent(db, { first_name: "Eve", last_name: "Left", email: "eve@students.example", archived_at: new Date() });
  await createPlan(db, { student_id: kids.chose!.student.id, staff_id: ruiz.staff.id, block_id: focus.id, date: TUE });
  await createAppointment(db, { student_id: kids.booked!.student.id, staff_id: ruiz.staff.id, block_id: focus.id, date: TUE, memo: "Math test retake" });
});
afterAll(async () => {
  await smtp.close();
});

const arrivedSince = (before: number) => smtp.messages.slice(before);

describe("reminders: not chosen yet, and the morning list", () => {
  it("falls due at the school-set time the school day before, once per date", async () => {
    await setSetting(state.db, "reminder-not-chosen", "14:00");
    expect((await dueReminders(state.db, at(MON, "13:59"))).map((d) => d.day.date)).not.toContain(TUE);
    const due = await dueReminders(state.db, at(MON, "14:01"));
    expect(due).toContainEqual(expect.objectContaining({ kind: "not_chosen", day: expect.objectContaining({ date: TUE }) }));
    // Hours before the block: 3h before Tuesday's 9:26 start is 6:26.
    await setSetting(state.db, "reminder-not-chosen", "3h");
    expect((await dueReminders(state.db, at(TUE, "06:25"))).some((d) => d.day.date === TUE)).toBe(false);
    expect((await dueReminders(state.db, at(TUE, "06:27"))).some((d) => d.day.date === TUE)).toBe(true);
    // Never once the block has begun.
    expect((await dueReminders(state.db, at(TUE, "09:30"))).some((d) => d.day.date === TUE)).toBe(false);
    await setSetting(state.db, "reminder-not-chosen", "");
    expect(await dueReminders(state.db, at(TUE, "06:27"))).toEqual([]);
  });

  it("an administrator's send-now reminds only the students with nothing on the date, with a link to choose, and nobody twice", async () => {
    const before = smtp.messages.length;
    const sent = await call(sendNow, { token: adminToken, body: { kind: "not_chosen", date: TUE } });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ kind: "reminders", status: "queued" });
    await runPendingJobs(state.db);
    await smtp.waitFor(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const mails = arrivedSince(before);
    expect(mails.map((m) => m.to && (Array.isArray(m.to) ? m.to[0] : m.to).value[0]!.address)).toEqual(["cleo@students.example"]);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/^Choose your Focus Block for Tue /);
    expect(mail.text).toContain("Hi Cleo, you have not chosen a teacher for Focus Block on Tuesday");
    expect(mail.text).toContain(`/profile?date=${TUE}&block=${focus.id}`);
    // Dev has no address: the reminder is in his inbox on Flexblock.
    const devInbox = await state.db
      .select({ body: notifications.body, link: notifications.link })
      .from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notification_id))
      .where(eq(notificationRecipients.student_id, kids.noEmail!.student.id));
    expect(devInbox).toEqual([{ body: expect.stringContaining("Choose a teacher for Tuesday"), link: `/profile?date=${TUE}&block=${focus.id}` }]);

    // Again: nobody is told twice, and the scheduled run for the date finds it sent.
    expect((await call(sendNow, { token: adminToken, body: { kind: "not_chosen", date: TUE } })).status).toBe(202);
    await runPendingJobs(state.db);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(arrivedSince(before)).toHaveLength(1);
    await setSetting(state.db, "reminder-not-chosen", "14:00");
    expect((await dueReminders(state.db, at(MON, "14:01"))).some((d) => d.kind === "not_chosen" && d.day.date === TUE)).toBe(false);
    await setSetting(state.db, "reminder-not-chosen", "");
  });

  it("sends each teacher who takes students who is coming: plans and appointments with their memo", async () => {
    const before = smtp.messages.length;
    expect((await call(sendNow, { token: adminToken, body: { kind: "teacher_digest", date: TUE } })).status).toBe(202);
    await runPendingJobs(state.db);
    await smtp.waitFor(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const mails = arrivedSince(before);
    const toRuiz = mails.filter((m) => smtp.recipients()[smtp.messages.indexOf(m)] === "ruiz@school.example");
    expect(toRuiz).toHaveLength(1);
    expect(toRuiz[0]!.subject).toMatch(/^Your Focus Block list for Tue /);
    expect(toRuiz[0]!.text).toContain("Good morning, Ms. Ruiz. 1 student is planned with you and 1 has an appointment.");
    expect(toRuiz[0]!.text).toContain("Chose, Ana");
    expect(toRuiz[0]!.text).toContain("Booked, Ben (appointment: Math test retake)");
    // Office staff take no students: no morning list.
    expect(smtp.recipients().slice(before)).not.toContain("office@school.example");
  });

  it("refuses bad input with clear sentences, and anyone but administrators", async () => {
    const teacher = await tokenFor(state.db, ruiz);
    expect((await call(sendNow, { token: teacher, body: { kind: "not_chosen", date: TUE } })).status).toBe(403);
    expect((await call(sendNow, { body: { kind: "not_chosen", date: TUE } })).status).toBe(401);
    expect((await call(sendNow, { token: adminToken, rawBody: "{nope" })).status).toBe(400);
    const bad = await call(sendNow, { token: adminToken, body: { kind: "everyone", date: "soon" } });
    expect(bad.status).toBe(422);
    const noBlock = await call(sendNow, { token: adminToken, body: { kind: "not_chosen", date: SAT } });
    expect(noBlock).toMatchObject({ status: 422, body: { code: "no_focus_block" } });
    const past = await call(sendNow, { token: adminToken, body: { kind: "not_chosen", date: addDays(MON, -14) } });
    expect(past).toMatchObject({ status: 409, body: { code: "not_pending" } });
    const setting = await call(putSettings, { token: adminToken, method: "PUT", body: { values: { "reminder-not-chosen": "tomorrow" } } });
    expect(setting.status).toBe(422);
    expect(JSON.stringify(setting.body)).toContain("a time on the school day before such as 14:00");
    const quiet = await call(putSettings, { token: adminToken, method: "PUT", body: { values: { "quiet-hours": "21:00-21:00" } } });
    expect(quiet.status).toBe(422);
  });

  it("holds scheduled messages until the quiet hours end; a send-now and password links go at once", async () => {
    await setSetting(state.db, "quiet-hours", "21:00-07:00");
    const { queueMessages } = await import("@/lib/reach/outbox.server");
    const night = at(TUE, "22:15");
    const content = { heading: "Hi", paragraphs: ["Hello"] };
    await queueMessages(state.db, [{ kind: "not_chosen", occasion: "quiet", channel: "email", user_id: kids.open!.user.id, to_address: "cleo@students.example", subject: "Quiet", content }], night);
    await queueMessages(state.db, [{ kind: "not_chosen", occasion: "loud", channel: "email", user_id: kids.open!.user.id, to_address: "cleo@students.example", subject: "Loud", content }], night, { immediate: true });
    await queueMessages(state.db, [{ kind: "password_reset", occasion: "reset", channel: "email", user_id: kids.open!.user.id, to_address: "cleo@students.example", subject: "Reset", content }], night);
    const rows = await state.db.select().from(outbox);
    const after = (subject: string) => rows.find((r) => r.subject === subject)!.send_after.getTime();
    expect(after("Quiet")).toBe(at(addDays(TUE, 1), "07:00").getTime());
    expect(after("Loud")).toBe(night.getTime());
    expect(after("Reset")).toBe(night.getTime());
    await setSetting(state.db, "quiet-hours", "");
  });
});
