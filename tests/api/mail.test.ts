/** @jest-environment node */
import { eq } from "drizzle-orm";
import { POST as sendTest } from "@/app/api/mail/test/route";
import { GET as mailLog } from "@/app/api/mail/log/route";
import { failingAddresses, notificationRecipients, outbox, settings } from "@/db/schema";
import { enqueueRecurringJobs, runPendingJobs } from "@/lib/jobs/runner.server";
import { notify, type Notice } from "@/lib/reach/notify.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import type { ParsedMail } from "mailparser";

const state = useTestDb();
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Quiet hours (their own test below) would hold these messages back at night.
  await state.db.update(settings).set({ value: "" }).where(eq(settings.key, "quiet-hours"));
});
afterAll(async () => {
  await smtp.close();
});

async function student(email: string, fields: Record<string, unknown> = {}) {
  return createStudent(state.db, { email, ...fields });
}

const noticeFor = (s: Awaited<ReturnType<typeof student>>, occasion = "2026-12-08", heading = "Ms. Ruiz booked you"): Notice => ({
  to: { user_id: s.user.id, student_id: s.student.id, email: s.student.email, name: `${s.student.first_name} ${s.student.last_name}` },
  kind: "moved",
  occasion,
  subject: `${heading} for Tue Dec 8`,
  content: { heading, paragraphs: ["Ms. Ruiz booked you for a Math test retake."], action: { label: "See your day", path: "/?date=2026-12-08" } },
});

/** A header as it was sent (mailparser turns List-* headers into objects). */
export const header = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, "");

async function outboxRows() {
  return state.db.select().from(outbox).orderBy(outbox.id);
}

describe("mail: the outbox, sent to a real SMTP server", () => {
  it("POST /api/mail/test sends the signed-in administrator a message at once, and the log shows it", async () => {
    const admin = await createAdmin(state.db, { email: "principal@school.example", first_name: "Pat", last_name: "Lee" });
    const before = smtp.messages.length;
    const sent = await call(sendTest, { token: await tokenFor(state.db, admin), body: {} });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ to: "principal@school.example", status: "sent", sent: true, error: null });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.subject).toMatch(/^Flexblock test message for /);
    expect(mail!.from!.text).toBe('"Cedar Ridge Flexblock" <flexblock@school.example>');
    expect(mail!.text).toContain("Email works");
    expect(mail!.html).toContain("<h1");
    // A test message is not a kind anyone subscribes to: no unsubscribe header.
    expect(header(mail!, "list-unsubscribe")).toBeUndefined();

    const log = await call(mailLog, { token: await tokenFor(state.db, admin), query: { limit: "5", status: "sent" } });
    expect(log.status).toBe(200);
    expect(log.body.configured).toBe(true);
    expect(log.body.messages[0]).toMatchObject({ to: "principal@school.example", kind: "test", status: "sent", attempts: 1, last_error: null });
    expect(log.body.messages[0].sent_at).toEqual(expect.any(String));
  });

  it("answers a teacher 403, a stranger 401 and a bad query 422", async () => {
    const teacher = await createStaff(state.db);
    const admin = await createAdmin(state.db);
    expect((await call(sendTest, { token: await tokenFor(state.db, teacher), body: {} })).status).toBe(403);
    expect((await call(mailLog, { token: await tokenFor(state.db, teacher) })).status).toBe(403);
    expect((await call(sendTest, { body: {} })).status).toBe(401);
    const bad = await call(mailLog, { token: await tokenFor(state.db, admin), query: { status: "lost", limit: "0" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? bad.body.fields ?? {})).toEqual(expect.arrayContaining(["status", "limit"]));
  });

  it("tells a student once per occasion, in the inbox and by email with one-click unsubscribe headers", async () => {
    const s = await student("rosa@students.example", { first_name: "Rosa" });
    const before = smtp.messages.length;
    const now = new Date(); // 10:00 in Vancouver: outside the quiet hours
    expect(await state.db.transaction((tx) => notify(tx, [noticeFor(s)], now))).toBe(1);
    // The same occasion again (a retried batch) tells nobody twice.
    expect(await state.db.transaction((tx) => notify(tx, [noticeFor(s), noticeFor(s)], now))).toBe(0);
    await runPendingJobs(state.db);
    const arrived = (await smtp.waitFor(before + 1)).slice(before);
    expect(arrived).toHaveLength(1);
    const mail = arrived[0]!;
    expect(mail.to).toMatchObject({ value: [{ address: "rosa@students.example" }] });
    expect(mail.text).toContain("Ms. Ruiz booked you for a Math test retake.");
    expect(header(mail, "list-unsubscribe")).toMatch(/^<http.*\/api\/unsubscribe\?token=[^>]+>$/);
    expect(header(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const inbox = await state.db.select().from(notificationRecipients).where(eq(notificationRecipients.student_id, s.student.id));
    expect(inbox).toHaveLength(1);
  });

  it("escapes a hostile name and strips CR/LF from subjects and names", async () => {
    const s = await student("mallory@students.example", { first_name: "<script>alert(1)</script>", last_name: "X\r\nBcc: all@school.example" });
    const before = smtp.messages.length;
    const notice = noticeFor(s, "hostile", "<script>alert(1)</script>");
    notice.subject = "Moved\r\nBcc: all@school.example";
    await state.db.transaction((tx) => notify(tx, [notice], new Date()));
    await runPendingJobs(state.db);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.subject).toBe("Moved Bcc: all@school.example");
    expect(mail!.bcc).toBeUndefined();
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.html).toContain("&lt;script&gt;");
    expect(smtp.recipients().slice(before)).toEqual(["mallory@students.example"]);
  });

  it("a permanent 5xx marks the address failing and stops sending to it; a 4xx is retried", async () => {
    const gone = await student("gone@students.example");
    const busy = await student("busy@students.example");
    smtp.refuse.set("gone@students.example", 550);
    smtp.refuse.set("busy@students.example", 451);
    const now = new Date();
    await state.db.transaction((tx) => notify(tx, [noticeFor(gone, "a"), noticeFor(busy, "a")], now));
    await runPendingJobs(state.db);
    const rows = await outboxRows();
    const goneRow = rows.find((r) => r.to_address === "gone@students.example")!;
    const busyRow = rows.find((r) => r.to_address === "busy@students.example")!;
    expect(goneRow).toMatchObject({ status: "bounced", attempts: 1 });
    expect(goneRow.last_error).toMatch(/550/);
    expect(busyRow).toMatchObject({ status: "queued", attempts: 1 });
    expect(busyRow.send_after.getTime()).toBeGreaterThan(Date.now());
    const [failing] = await state.db.select().from(failingAddresses).where(eq(failingAddresses.address, "gone@students.example"));
    expect(failing).toBeDefined();

    await state.db.transaction((tx) => notify(tx, [noticeFor(gone, "b")], now));
    await runPendingJobs(state.db);
    const next = (await outboxRows()).find((r) => r.occasion_key.includes(":b") && r.to_address === "gone@students.example")!;
    expect(next.status).toBe("failed");
    expect(next.last_error).toMatch(/refused before/);
    smtp.refuse.clear();
  });

  it("nothing is lost while the SMTP server is down: each message arrives once after it returns", async () => {
    const people = await Promise.all([1, 2, 3].map((n) => student(`down${n}@students.example`)));
    await smtp.stop();
    const before = smtp.messages.length;
    await state.db.transaction((tx) => notify(tx, people.map((p) => noticeFor(p, "down")), new Date()));
    await runPendingJobs(state.db);
    const waiting = (await outboxRows()).filter((r) => r.occasion_key.includes(":down") && r.channel === "email");
    expect(waiting.map((r) => r.status)).toEqual(["queued", "queued", "queued"]);
    await smtp.start();
    // The back-off is over (as if its time had come): the runner's recurring check finds them due.
    await state.db.update(outbox).set({ send_after: new Date(0) }).where(eq(outbox.status, "queued"));
    await enqueueRecurringJobs(state.db);
    await runPendingJobs(state.db);
    await smtp.waitFor(before + 3);
    const got = smtp.recipients().slice(before).filter((to) => to.startsWith("down")).sort();
    expect(got).toEqual(["down1@students.example", "down2@students.example", "down3@students.example"]);
  });
});
