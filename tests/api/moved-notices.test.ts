/** @jest-environment node */
import { eq } from "drizzle-orm";
import { POST as amendmentRoute } from "@/app/api/amendment/route";
import { DELETE as cancelRoute } from "@/app/api/appointments/[id]/route";
import { POST as createRoute } from "@/app/api/appointments/create/route";
import { POST as eventsPost } from "@/app/api/calendar-events/route";
import { POST as powerScheduler } from "@/app/api/power-scheduler/route";
import { POST as topicCreate } from "@/app/api/topics/route";
import { POST as topicSchedule } from "@/app/api/topics/schedule/route";
import { notificationRecipients, notifications, outbox, plans } from "@/db/schema";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { placeDay } from "@/lib/placement/service.server";
import { schoolInstant } from "@/lib/core/time";
import { createStudents } from "../helpers/bulk-factories";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createWeekTimetable, setSetting } from "../helpers/schedule-factories";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { statementsOf } from "../helpers/statements";
import { createPlan, FRI, MON, TEST_TIMEZONE, THU, TUE, WED } from "../helpers/timetable-factories";

const state = useTestDb();
let smtp: TestSmtpServer;
let focus: { id: number };
let ruiz: Awaited<ReturnType<typeof createStaff>>;
let reyes: Awaited<ReturnType<typeof createStaff>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ focus } = await createWeekTimetable(state.db));
  await setSetting(state.db, "quiet-hours", "");
  ruiz = await createStaff(state.db, { title: "Ms.", first_name: "Elena", last_name: "Ruiz" });
  reyes = await createStaff(state.db, { title: "Mr.", first_name: "Daniel", last_name: "Reyes" });
  tokens.ruiz = await tokenFor(state.db, ruiz);
  tokens.admin = await tokenFor(state.db, await createAdmin(state.db, { title: "Ms.", first_name: "Amara", last_name: "Okafor" }));
});
afterAll(async () => {
  await smtp.close();
});

async function mailsTo(address: string, before: number) {
  await runPendingJobs(state.db);
  await smtp.waitFor(before + 1);
  await new Promise((resolve) => setTimeout(resolve, 150));
  return smtp.messages.slice(before).filter((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address === address);
}

const inboxOf = (studentId: number) =>
  state.db
    .select({ body: notifications.body, link: notifications.link })
    .from(notificationRecipients)
    .innerJoin(notifications, eq(notifications.id, notificationRecipients.notification_id))
    .where(eq(notificationRecipients.student_id, studentId))
    .orderBy(notifications.id);

describe("you were moved, and why", () => {
  it("a booking that clears a plan tells the student who booked them, why, and which plan it cancelled", async () => {
    const maya = await createStudent(state.db, { first_name: "Maya", last_name: "Castellano", email: "maya@students.example" });
    await createPlan(state.db, { student_id: maya.student.id, staff_id: reyes.staff.id, block_id: focus.id, date: WED });
    const before = smtp.messages.length;
    const booked = await call(createRoute, {
      token: tokens.ruiz,
      body: { student_id: maya.student.id, block_id: focus.id, date: WED, memo: "Math test retake", clear_schedule: true },
    });
    expect(booked.status).toBe(201);
    const [mail] = await mailsTo("maya@students.example", before);
    expect(mail!.subject).toMatch(/^Your Focus Block on Wed .* changed$/);
    expect(mail!.text).toContain("Ms. Ruiz booked you: Math test retake.");
    expect(mail!.text).toContain("Your plan with Mr. Reyes for that block was cancelled.");
    expect(mail!.text).toContain(`/profile?date=${WED}`);
    const inbox = await inboxOf(maya.student.id);
    expect(inbox.at(-1)!.body).toContain("Ms. Ruiz booked you: Math test retake.");

    // Cancelling it tells her again, and says her plan is back.
    const before2 = smtp.messages.length;
    expect((await call(cancelRoute, { token: tokens.ruiz, params: { id: String(booked.body.id) } })).status).toBe(200);
    const [again] = await mailsTo("maya@students.example", before2);
    expect(again!.text).toContain("Ms. Ruiz cancelled your appointment with Ms. Ruiz (Math test retake)");
    expect(again!.text).toContain("Your plan from before it is back.");
  });

  it("an amendment says who amended the block and the memo", async () => {
    const ben = await createStudent(state.db, { first_name: "Ben", last_name: "Amended", email: "ben@students.example" });
    const before = smtp.messages.length;
    expect((await call(amendmentRoute, { token: tokens.ruiz, body: { student_id: ben.student.id, block_id: focus.id, date: THU, memo: "Band trip" } })).status).toBe(201);
    const [mail] = await mailsTo("ben@students.example", before);
    expect(mail!.text).toContain("Ms. Ruiz amended this block: Band trip.");
  });

  it("a Power Scheduler batch tells each student once, in a fixed number of statements whatever their number", async () => {
    const few = await createStudents(state.db, 3, { prefix: "ps-few" });
    const many = await createStudents(state.db, 30, { prefix: "ps-many" });
    const body = (students: { id: number }[], memo: string) => ({
      student_type: "some",
      schedule_type: "appointment",
      staff_id: ruiz.staff.id,
      memo,
      student_ids: students.map((s) => s.id),
      date_time: MON,
      end_date: TUE,
      block_ids: [focus.id],
    });
    const small = await statementsOf(tokens.admin, () => call(powerScheduler, { token: tokens.admin, body: body(few, "Assembly A") }));
    const large = await statementsOf(tokens.admin, () => call(powerScheduler, { token: tokens.admin, body: body(many, "Assembly B") }));
    expect(large.result.status).toBe(201);
    expect(large.statements).toBe(small.statements);
    const inbox = await inboxOf(many[0]!.id);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.body).toContain("Ms. Okafor booked you with the Power Scheduler: Assembly B.");
    expect(inbox[0]!.body).toContain("and 1 more date");
  });

  it("default placement tells each placed student with whom, and at which cutoff", async () => {
    const cleo = await createStudent(state.db, { first_name: "Cleo", last_name: "Placed", email: "cleo@students.example", default_teacher_id: reyes.staff.id });
    const before = smtp.messages.length;
    const start = schoolInstant(FRI, "09:26", TEST_TIMEZONE);
    const result = await placeDay(state.db, { date: FRI, blockIds: [focus.id], start: "09:26", startsAt: start, cutoffAt: schoolInstant(FRI, "08:00", TEST_TIMEZONE) });
    expect(result!.placed).toBeGreaterThan(0);
    const [mail] = await mailsTo("cleo@students.example", before);
    expect(mail!.text).toContain("Placed with your homeroom teacher, Mr. Reyes, at the 08:00 cutoff.");
    const inbox = await inboxOf(cleo.student.id);
    expect(inbox.map((n) => n.body).join("\n")).toContain("Placed with your homeroom teacher, Mr. Reyes");
  });

  it("a day closed by a calendar event tells the students whose plans it cancelled", async () => {
    const dana = await createStudent(state.db, { first_name: "Dana", last_name: "Closed", email: "dana@students.example" });
    await createPlan(state.db, { student_id: dana.student.id, staff_id: reyes.staff.id, block_id: focus.id, date: THU });
    const before = smtp.messages.length;
    const closed = await call(eventsPost, { token: tokens.admin, body: { date: THU, name: "Snow day", no_blocks: true }, path: "/api/calendar-events" });
    expect(closed.status).toBe(201);
    const [mail] = await mailsTo("dana@students.example", before);
    expect(mail!.text).toMatch(/There is no Focus Block on Thursday, .* \(Snow day\), so your plan with Mr\. Reyes was cancelled\./);
  });

  it("a teacher who puts an unavailable topic on a block releases the plans there and tells each student to choose again", async () => {
    const eli = await createStudent(state.db, { first_name: "Eli", last_name: "Away", email: "eli@students.example" });
    await createPlan(state.db, { student_id: eli.student.id, staff_id: reyes.staff.id, block_id: focus.id, date: TUE });
    const reyesToken = await tokenFor(state.db, reyes);
    const topic = await call<{ id: number }>(topicCreate, { token: reyesToken, body: { memo: "Away at a conference", unavailable: true } });
    expect(topic.status).toBe(201);
    const before = smtp.messages.length;
    const set = await call(topicSchedule, { token: reyesToken, body: { topic_id: topic.body.id, block_id: focus.id, date: TUE } });
    expect(set.status).toBe(200);
    expect(await state.db.select().from(plans).where(eq(plans.student_id, eli.student.id))).toEqual([]);
    const [mail] = await mailsTo("eli@students.example", before);
    expect(mail!.text).toMatch(/Mr\. Reyes is not taking students in Focus Block on Tuesday, .* \(Away at a conference\), so your plan with them was cancelled\./);
    expect(mail!.text).toContain("Choose another teacher for that Focus Block.");
    expect((await inboxOf(eli.student.id)).map((n) => n.body).join("\n")).toContain("Mr. Reyes is not taking students");
  });

  it("writes nothing twice: one outbox row per student, channel and occasion", async () => {
    const rows = await state.db.select({ key: outbox.occasion_key }).from(outbox);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });
});
