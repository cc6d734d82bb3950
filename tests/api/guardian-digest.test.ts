/** @jest-environment node */
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { POST as sendNow } from "@/app/api/reminders/send/route";
import { POST as unsubscribe } from "@/app/api/unsubscribe/route";
import { guardians, outbox, settings } from "@/db/schema";
import { queryCounter } from "@/db/client";
import { dueDigestWeek, sendGuardianDigest } from "@/lib/guardians/digest.server";
import { isoWeek, mondayOf } from "@/lib/guardians/digest-content";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { resetEnvCache } from "@/lib/core/env.server";
import { schoolInstant } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createAmendment, createAppointment, createEvent, createWeekTimetable, setSetting } from "../helpers/schedule-factories";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { createCheckIn, createPlan, FRI, MON, TEST_TIMEZONE, weekdayDate } from "../helpers/timetable-factories";

const state = useTestDb();
let smtp: TestSmtpServer;
let adminToken: string;
let focus: { id: number };
let ruiz: Awaited<ReturnType<typeof createStaff>>;

/** Last week's days: everything in them has happened, whatever today is. */
const LAST = { mon: weekdayDate(1, -1), tue: weekdayDate(2, -1), wed: weekdayDate(3, -1), thu: weekdayDate(4, -1), fri: weekdayDate(5, -1) };
const THIS_WED = weekdayDate(3, 0);
const longAgo = new Date(Date.now() - 400 * 86_400_000);

const toOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)!.value[0]!.address;
const header = (mail: ParsedMail, name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, "");
const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

async function sendAndCollect(date: string) {
  const before = smtp.messages.length;
  const sent = await call(sendNow, { token: adminToken, body: { kind: "guardian_digest", date } });
  expect(sent.status).toBe(202);
  await runPendingJobs(state.db);
  await settle();
  return smtp.messages.slice(before);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const db = state.db;
  let year: { start: string };
  ({ focus, year } = await createWeekTimetable(db));
  // Attendance counts from the start of the school year (the default is the day the school was made: today).
  await setSetting(db, "attendance_from", year.start);
  await setSetting(db, "quiet-hours", "21:00-07:00");
  ruiz = await createStaff(db, { title: "Ms.", first_name: "Elena", last_name: "Ruiz", email: "ruiz@school.example" });
  const lee = await createStaff(db, { title: "", first_name: "Sam", last_name: "Lee", email: "lee@school.example" });
  adminToken = await tokenFor(db, await createAdmin(db, { email: "head@school.example" }));
  const rosa = await createStudent(db, { first_name: "<script>alert(1)</script>", last_name: "Diaz", created_at: longAgo });
  const ben = await createStudent(db, { first_name: "Ben", last_name: "Okafor", created_at: longAgo });
  const gone = await createStudent(db, { first_name: "Eve", last_name: "Left", created_at: longAgo, archived_at: new Date() });
  // Rosa's week: Monday with Ms. Ruiz, Tuesday's appointment missed, Wednesday missed (planned with Sam Lee),
  // Thursday with Sam Lee, Friday excused.
  await createCheckIn(db, { student_id: rosa.student.id, block_id: focus.id, date: LAST.mon, staff_id: ruiz.staff.id });
  await createAppointment(db, { student_id: rosa.student.id, staff_id: ruiz.staff.id, block_id: focus.id, date: LAST.tue, memo: "Math test retake" });
  await createPlan(db, { student_id: rosa.student.id, staff_id: lee.staff.id, block_id: focus.id, date: LAST.wed });
  await createCheckIn(db, { student_id: rosa.student.id, block_id: focus.id, date: LAST.thu, staff_id: lee.staff.id });
  await createAmendment(db, { student_id: rosa.student.id, staff_id: ruiz.staff.id, block_id: focus.id, date: LAST.fri, memo: "Field trip" });
  await createCheckIn(db, { student_id: ben.student.id, block_id: focus.id, date: LAST.mon, staff_id: ruiz.staff.id });
  await db.insert(guardians).values([
    { student_id: rosa.student.id, name: "Maria Diaz", email: "maria@family.example", relationship: "parent" },
    { student_id: rosa.student.id, name: "Jo Diaz", email: "jo@family.example", relationship: "guardian", source: "csv" },
    { student_id: ben.student.id, name: "Ada Okafor", email: "ada@family.example", relationship: "parent", source: "oneroster", sourced_id: "p-1" },
    { student_id: gone.student.id, name: "Not Sent", email: "left@family.example" },
  ]);
});
afterAll(async () => {
  await smtp.close();
});

describe("the weekly family summary (guardian_digest)", () => {
  it("sends each guardian of each active student one email with the week's Focus Blocks, escaped, with one-click unsubscribe", async () => {
    const mails = await sendAndCollect(LAST.wed);
    expect(mails.map(toOf).sort()).toEqual(["ada@family.example", "jo@family.example", "maria@family.example"]);
    const maria = mails.find((m) => toOf(m) === "maria@family.example")!;
    expect(maria.subject).toMatch(/^<script>alert\(1\)<\/script> Diaz: Focus Block week of Mon /);
    const text = maria.text!;
    expect(text).toContain("Hello Maria Diaz,");
    expect(text).toContain("attended 2 of 4 Focus Blocks and missed 2.");
    expect(text).toMatch(/Mon [A-Z][a-z]{2} \d+: attended with Ms\. Ruiz/);
    expect(text).toMatch(/Tue [A-Z][a-z]{2} \d+: missed, not checked in \(appointment with Ms\. Ruiz: Math test retake\)/);
    expect(text).toMatch(/Wed [A-Z][a-z]{2} \d+: missed, not checked in \(expected with Sam Lee\)/);
    expect(text).toMatch(/Thu [A-Z][a-z]{2} \d+: attended with Sam Lee/);
    expect(text).toMatch(/Fri [A-Z][a-z]{2} \d+: no Focus Block for <script>alert\(1\)<\/script> \(Field trip\)/);
    expect(text).toContain("Appointments (1)");
    // The hostile name is text in the HTML, never markup.
    expect(maria.html).not.toContain("<script>alert");
    expect(maria.html).toContain("&lt;script&gt;");
    const listUnsubscribe = header(maria, "list-unsubscribe")!;
    expect(listUnsubscribe).toMatch(/^<http:\/\/[^>]+\/api\/unsubscribe\?token=[\w.-]+>$/);
    expect(header(maria, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(maria.html).toMatch(/href="http:\/\/[^"]+\/unsubscribe\?token=[\w.-]+"/);
    const ada = mails.find((m) => toOf(m) === "ada@family.example")!;
    expect(ada.text).toContain("Ben attended 1 of");
  });

  it("a second send of the same week sends nothing", async () => {
    expect(await sendAndCollect(LAST.mon)).toEqual([]);
  });

  it("the unsubscribe link of the header works, and the next week's summary is not sent to that address", async () => {
    const rows = await state.db.select().from(outbox).where(eq(outbox.to_address, "maria@family.example"));
    expect(rows).toHaveLength(1);
    const mails = smtp.messages.filter((m) => toOf(m) === "maria@family.example");
    const url = new URL(header(mails[0]!, "list-unsubscribe")!.slice(1, -1));
    const token = url.searchParams.get("token")!;
    // The footer link carries the same token.
    expect(mails[0]!.html).toContain(`/unsubscribe?token=${token}`);
    const answer = await call(unsubscribe, { query: { token }, body: {} });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("You will no longer get morning lists and weekly Focus Block summaries at maria@family.example.");

    const next = await sendAndCollect(THIS_WED);
    expect(next.map(toOf).sort()).toEqual(["ada@family.example", "jo@family.example"]);
  });

  it("falls due at the school's weekday and time, once per ISO week, and off by default", async () => {
    const at = (date: string, time: string) => schoolInstant(date, time, TEST_TIMEZONE);
    await setSetting(state.db, "guardian-digest", "");
    expect(await dueDigestWeek(state.db, at(FRI, "15:31"))).toBeNull();
    await setSetting(state.db, "guardian-digest", "friday 15:30");
    expect(await dueDigestWeek(state.db, at(FRI, "15:29"))).toBeNull();
    expect(await dueDigestWeek(state.db, at(FRI, "15:31"))).toBe(MON);
    expect(mondayOf(FRI)).toBe(MON);
    // Scheduled: quiet hours hold nothing back at 15:31; the week's run is claimed once.
    const first = await sendGuardianDigest(state.db, MON, at(FRI, "15:31"), { immediate: false });
    // Three guardians claimed; Maria unsubscribed, so two emails are queued.
    expect(first).toEqual({ week: isoWeek(MON), monday: MON, told: 3 });
    const queued = await state.db.select().from(outbox).where(eq(outbox.occasion_key, `guardian_digest:email:guardian:${(await state.db.select().from(guardians).where(eq(guardians.email, "jo@family.example")))[0]!.id}:${isoWeek(MON)}`));
    expect(queued).toHaveLength(1);
    expect((await state.db.select().from(outbox).where(eq(outbox.to_address, "maria@family.example"))).length).toBe(1);
    expect(await dueDigestWeek(state.db, at(FRI, "15:45"))).toBeNull();
    expect((await sendGuardianDigest(state.db, MON, at(FRI, "15:45"), { immediate: false })).told).toBe(0);
    // A week without a Focus Block (a break) is not summarised on schedule.
    await createEvent(state.db, { date: weekdayDate(1, 2), name: "Winter break", no_blocks: true });
    for (const day of [2, 3, 4, 5]) await createEvent(state.db, { date: weekdayDate(day, 2), name: "Winter break", no_blocks: true });
    const breakWeek = await sendGuardianDigest(state.db, weekdayDate(1, 2), at(weekdayDate(5, 2), "15:31"), { immediate: false });
    expect(breakWeek.told).toBe(0);
    // A run whose moment is half a day gone is not sent late.
    expect(await dueDigestWeek(state.db, at(weekdayDate(6, 1), "09:00"))).toBeNull();
  });

  it("runs a fixed number of statements whatever the number of students", async () => {
    const count = async (week: string) => {
      const before = queryCounter.count;
      await sendGuardianDigest(state.db, week, new Date(), { immediate: true });
      return queryCounter.count - before;
    };
    const few = await count(weekdayDate(1, -3));
    for (let i = 0; i < 5; i += 1) {
      const s = await createStudent(state.db, { created_at: longAgo });
      await state.db.insert(guardians).values({ student_id: s.student.id, name: `Parent ${i}`, email: `parent${i}@family.example` });
    }
    expect(await count(weekdayDate(1, -4))).toBe(few);
  });

  it("answers 409 mail_not_configured without SMTP, a teacher 403, and a bad date 422", async () => {
    const previous = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    resetEnvCache();
    try {
      const answer = await call(sendNow, { token: adminToken, body: { kind: "guardian_digest", date: LAST.wed } });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe("mail_not_configured");
    } finally {
      process.env.SMTP_URL = previous;
      resetEnvCache();
    }
    const teacher = await tokenFor(state.db, ruiz);
    expect((await call(sendNow, { token: teacher, body: { kind: "guardian_digest", date: LAST.wed } })).status).toBe(403);
    const bad = await call(sendNow, { token: adminToken, body: { kind: "guardian_digest", date: "next week-ish" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.date).toBeDefined();
  });

  it("speaks each guardian's recorded language: Spanish (usted) and French (Canada), footer included", async () => {
    const sol = await createStudent(state.db, { first_name: "Sol", last_name: "Vega", created_at: longAgo });
    await createCheckIn(state.db, { student_id: sol.student.id, block_id: focus.id, date: LAST.mon, staff_id: ruiz.staff.id });
    await createAppointment(state.db, { student_id: sol.student.id, staff_id: ruiz.staff.id, block_id: focus.id, date: LAST.tue, memo: "Repaso" });
    await state.db.insert(guardians).values([
      { student_id: sol.student.id, name: "Lucía Vega", email: "lucia@family.example", locale: "es" },
      { student_id: sol.student.id, name: "Luc Vega", email: "luc@family.example", locale: "fr-CA" },
    ]);
    const mails = await sendAndCollect(LAST.wed);
    const lucia = mails.find((m) => toOf(m) === "lucia@family.example")!;
    expect(lucia.subject).toMatch(/^Sol Vega: semana de bloque Focus del \d+ de [a-z]+$/);
    expect(lucia.text).toContain("Hola, Lucía Vega: este es el resumen del bloque Focus de Sol Vega de la semana del lunes ");
    expect(lucia.text).toContain("Sol asistió a 1 de 5 bloques Focus y faltó a 4.");
    expect(lucia.text).toMatch(/- lun \d+ [a-z]+: asistió con Ms\. Ruiz/);
    expect(lucia.text).toMatch(/- mar \d+ [a-z]+: faltó, sin registro de asistencia \(cita con Ms\. Ruiz: Repaso\)/);
    expect(lucia.text).toContain("Usted recibe este resumen semanal porque figura en la escuela como contacto familiar de Sol.");
    expect(lucia.text).toMatch(/Dejar de recibir el resumen semanal del bloque Focus: http:\/\/\S+\/unsubscribe\?token=/);
    expect(lucia.text).toMatch(/Enviado por Flexblock para .+\./);
    expect(lucia.html).toContain('<html lang="es"');
    expect(lucia.text).not.toMatch(/Focus Block|Hello|Sent by/);
    const luc = mails.find((m) => toOf(m) === "luc@family.example")!;
    expect(luc.subject).toMatch(/^Sol Vega : semaine de bloc Focus du \d+ [a-zéû]+$/);
    expect(luc.text).toContain("Bonjour Luc Vega, voici la semaine de bloc Focus de Sol Vega, à partir du lundi ");
    expect(luc.text).toContain("Sol a assisté à 1 sur 5 blocs Focus et en a manqué 4.");
    expect(luc.text).toContain("Rendez-vous (1)");
    expect(luc.text).toMatch(/Envoyé par Flexblock pour .+\./);
    expect(luc.html).toContain('<html lang="fr-CA"');
  });

  it("a guardian with no recorded language reads the school's default language", async () => {
    const noa = await createStudent(state.db, { first_name: "Noa", last_name: "Roy", created_at: longAgo });
    await state.db.insert(guardians).values({ student_id: noa.student.id, name: "Anne Roy", email: "anne@family.example" });
    await state.db.update(settings).set({ value: "fr-CA" }).where(eq(settings.key, "default-locale"));
    try {
      const mails = await sendAndCollect(LAST.wed);
      const anne = mails.find((m) => toOf(m) === "anne@family.example")!;
      expect(anne.subject).toMatch(/^Noa Roy : semaine de bloc Focus du /);
      expect(anne.html).toContain('<html lang="fr-CA"');
    } finally {
      await state.db.update(settings).set({ value: "en" }).where(eq(settings.key, "default-locale"));
    }
  });
});
