/**
 * npm run bench:mail: the email sender against a real SMTP server on loopback (issue 32's figures).
 *
 *   1. 1,200 "not chosen" reminders for one Focus Block: queued in one transaction, then sent by the
 *      outbox sender; all delivered within 60 s; the check-in status read (in this process, on the same
 *      event loop and database as the sender) p95 during the send at most 2× its idle p95; statements
 *      per message the same at 600 and 1,200 students.
 *   2. Two senders (two connection pools, as two app instances have) sending the same date at once:
 *      0 duplicates, 0 lost, counted in the SMTP server.
 *   3. The SMTP server down for --down seconds (120) mid-send: every message arrives after it returns,
 *      each once.
 *
 * On the PostgreSQL server in DATABASE_URL (a throwaway database, dropped at the end), else PGlite in
 * memory (part 2 then runs its two senders on one PGlite). Options: --students=1200, --down=120.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { queryCounter, type Db } from "../../db/client";
import { openDatabase } from "../../db/client";
import { findAccountByUsername } from "../../db/queries/auth";
import { checkInCalendar } from "../../db/queries/checkin";
import { roleOf } from "../../lib/auth/principal";
import { focusBlockOn } from "../../lib/checkin/rules";
import { checkInStatus } from "../../lib/checkin/service.server";
import { seedSchool } from "../../lib/demo/school.server";
import { sendReminder } from "../../lib/placement/reminders.server";
import { sendDueMessages } from "../../lib/reach/sender.server";
import { addDays, schoolToday } from "../../lib/time";
import { startSmtpServer, type TestSmtpServer } from "../../tests/helpers/smtp";
import { summarize } from "./harness";
import { openBenchDatabase } from "./throwaway-db";

const { values: args } = parseArgs({
  options: { students: { type: "string", default: "1200" }, down: { type: "string", default: "120" } },
});
const STUDENTS = Number(args.students);
const DOWN_SECONDS = Number(args.down);
const TIMEZONE = "America/Vancouver";

const results: { name: string; ok: boolean; detail: string }[] = [];
const report = (name: string, ok: boolean, detail: string) => {
  results.push({ name, ok, detail });
  console.log(`${ok ? "PASS" : "FAIL"}  ${name}\n      ${detail}`);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends until `done()` or `timeoutMs`, as the job runner would: again at once while anything was due, else after a second. */
async function sendUntil(db: Db, done: () => boolean, timeoutMs: number) {
  const started = Date.now();
  while (!done() && Date.now() - started < timeoutMs) {
    const counts = await sendDueMessages(db);
    if (counts.sent + counts.retry + counts.failed + counts.bounced === 0) await sleep(1000);
  }
}

/** Messages that arrived with this subject prefix: how many, and how many distinct recipients. */
function arrivedFor(smtp: TestSmtpServer, subject: string) {
  const to = smtp.messages.filter((m) => m.subject?.includes(subject)).map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text ?? "");
  return { total: to.length, distinct: new Set(to).size };
}

async function main() {
  const { handle, onPostgres, url, close } = await openBenchDatabase("mail");
  const db = handle.db;
  const smtp = await startSmtpServer({ from: '"Bench Flexblock" <flexblock@school.example>' });
  try {
    const seeded = Date.now();
    await seedSchool(db, { now: new Date(), timezone: TIMEZONE, students: STUDENTS, extraTeachers: 60, weeksBack: 4, weeksAhead: 0 });
    await db.execute(sql`update students set email = 'bench-' || id || '@students.example'`);
    await db.execute(sql`update settings set value = '' where key in ('quiet-hours', 'reminder-not-chosen', 'teacher-digest')`);
    console.log(`Seeded ${STUDENTS} students on ${onPostgres ? "PostgreSQL" : "PGlite"} in ${((Date.now() - seeded) / 1000).toFixed(1)} s.`);

    const calendar = await checkInCalendar(db);
    const today = schoolToday(TIMEZONE, new Date());
    const dates: string[] = [];
    for (let d = addDays(today, 7 - ((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7)); dates.length < 4 && d < addDays(today, 29); d = addDays(d, 1)) {
      if (focusBlockOn(calendar, d)) dates.push(d);
    }
    if (dates.length < 3) throw new Error(`Only ${dates.length} Focus Block dates in the next four weeks: the bench needs three.`);
    const teacher = (await findAccountByUsername(db, "teacher@demo.school"))!;
    const principal = { ...teacher, role: roleOf(teacher), sessionId: 0 };
    const statusRead = () => checkInStatus(db, principal, today, new Date());

    // 1. 1,200 reminders, and the check-in status read while they go.
    const readStart = queryCounter.count;
    await statusRead();
    const statementsPerRead = queryCounter.count - readStart;
    const { summary: idle, count: idleCount } = await timeSequentialFor(statusRead, 8_000);
    const queueStart = queryCounter.count;
    const queued = await sendReminder(db, "not_chosen", dates[0]!, new Date(), { immediate: true });
    const queueStatements = queryCounter.count - queueStart;
    const expected = queued?.told ?? 0;
    const sendStart = queryCounter.count;
    const started = Date.now();
    const during: number[] = [];
    let sending = true;
    const reader = (async () => {
      while (sending) {
        const t = performance.now();
        await statusRead().catch(() => (sending = false));
        during.push(performance.now() - t);
        await sleep(20);
      }
    })();
    await sendUntil(db, () => arrivedFor(smtp, "Choose your Focus Block").total >= expected, 180_000);
    const seconds = (Date.now() - started) / 1000;
    sending = false;
    await reader;
    // The reads' own statements are not the sender's.
    const sendStatements = queryCounter.count - sendStart - during.length * statementsPerRead;
    const first = arrivedFor(smtp, "Choose your Focus Block");
    report(
      `${expected} "not chosen" reminders delivered within 60 s`,
      expected >= STUDENTS * 0.85 && first.distinct === expected && seconds <= 60,
      `${first.distinct} of ${expected} delivered in ${seconds.toFixed(1)} s (${(first.distinct / seconds).toFixed(0)} a second); ${STUDENTS - expected} students had a plan or no address`,
    );
    const busy = summarize(during);
    report(
      "check-in status p95 during the send ≤ 2× idle",
      busy.p95 <= 2 * idle.p95,
      `idle p50 ${idle.p50.toFixed(1)} ms p95 ${idle.p95.toFixed(1)} ms (${idleCount} reads); during the send p50 ${busy.p50.toFixed(1)} ms p95 ${busy.p95.toFixed(1)} ms (${during.length} reads); ${(busy.p95 / idle.p95).toFixed(2)}×`,
    );

    // Statements per message: the same work for half the students on the next date.
    await db.execute(sql`update students set archived_at = now() where id % 2 = 0`);
    const halfQueueStart = queryCounter.count;
    const half = await sendReminder(db, "not_chosen", dates[1]!, new Date(), { immediate: true });
    const halfQueueStatements = queryCounter.count - halfQueueStart;
    const halfSendStart = queryCounter.count;
    const halfExpected = first.total + (half?.told ?? 0);
    await sendUntil(db, () => arrivedFor(smtp, "Choose your Focus Block").total >= halfExpected, 180_000);
    const halfSendStatements = queryCounter.count - halfSendStart;
    await db.execute(sql`update students set archived_at = null`);
    const perMessage = sendStatements / Math.max(1, expected);
    const halfPerMessage = halfSendStatements / Math.max(1, half?.told ?? 1);
    report(
      "statements per message constant (600 and 1,200 students)",
      queueStatements === halfQueueStatements && Math.abs(perMessage - halfPerMessage) <= 0.25,
      `queueing: ${halfQueueStatements} statements for ${half?.told} messages, ${queueStatements} for ${expected}; sending: ${halfPerMessage.toFixed(2)} and ${perMessage.toFixed(2)} a message`,
    );

    // 2. Two senders at once on one database.
    const second = onPostgres ? await openDatabase({ url: url!, migrate: false }) : handle;
    const before = smtp.messages.length;
    const twice = await sendReminder(db, "not_chosen", dates[2]!, new Date(), { immediate: true });
    const want = twice?.told ?? 0;
    const subject = `Choose your Focus Block for`;
    const doneTwice = () => smtp.messages.length - before >= want;
    await Promise.all([sendUntil(db, doneTwice, 180_000), sendUntil(second.db, doneTwice, 180_000)]);
    await sleep(2000);
    const arrived = smtp.messages.slice(before).filter((m) => m.subject?.startsWith(subject));
    const recipients = arrived.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text ?? "");
    const distinct = new Set(recipients).size;
    report(
      "two senders on one database: 0 duplicates, 0 lost",
      recipients.length === distinct && distinct === want,
      `${want} queued, ${recipients.length} arrived, ${recipients.length - distinct} duplicates, ${want - distinct} lost`,
    );
    if (second !== handle) await second.close();

    // 3. The SMTP server away for DOWN_SECONDS mid-send.
    const date = dates[3] ?? dates[0]!;
    if (!dates[3]) {
      await db.execute(sql`delete from reach_occasions where key like ${`%:${date}`}`);
      await db.execute(sql`delete from outbox where occasion_key like ${`%:${date}`}`);
    }
    const downBefore = smtp.messages.length;
    const again = await sendReminder(db, "not_chosen", date, new Date(), { immediate: true });
    const wantAgain = again?.told ?? 0;
    const downStarted = Date.now();
    let stoppedAt = 0;
    const outage = (async () => {
      while (smtp.messages.length - downBefore < Math.min(300, wantAgain / 4)) await sleep(50);
      await smtp.stop();
      stoppedAt = Date.now();
      console.log(`      SMTP server stopped after ${smtp.messages.length - downBefore} messages; back in ${DOWN_SECONDS} s`);
      await sleep(DOWN_SECONDS * 1000);
      await smtp.start();
    })();
    await sendUntil(db, () => smtp.messages.length - downBefore >= wantAgain, DOWN_SECONDS * 1000 + 600_000);
    await outage;
    await sleep(2000);
    const after = smtp.messages.slice(downBefore).map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text ?? "");
    const [{ waiting }] = (await db.execute(sql`select count(*)::integer as waiting from outbox where status <> 'sent'`)) as unknown as [{ waiting: number }];
    report(
      `SMTP server down ${DOWN_SECONDS} s mid-send: every message arrives after, each once`,
      after.length === new Set(after).size && new Set(after).size === wantAgain && waiting === 0,
      `${wantAgain} queued, ${new Set(after).size} arrived, ${after.length - new Set(after).size} twice; the last ${((Date.now() - stoppedAt) / 1000 - DOWN_SECONDS).toFixed(0)} s after the server came back (whole part ${((Date.now() - downStarted) / 1000).toFixed(0)} s; retries back off 30 s, 2 min, 4.5 min …); ${waiting} not sent`,
    );
  } finally {
    await smtp.close();
    await close();
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\nbench:mail: ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

/** The status read one at a time for about `ms`. */
async function timeSequentialFor(work: () => Promise<unknown>, ms: number) {
  const samples: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const t = performance.now();
    await work();
    samples.push(performance.now() - t);
    await sleep(20);
  }
  return { summary: summarize(samples), count: samples.length };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
