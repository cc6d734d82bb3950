/**
 * npm run bench:mail: the email sender against a real SMTP server on loopback (the figures in docs/benchmarks.md#sending-email).
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
 * memory (part 2 then runs its two senders on one PGlite). The SMTP server is the e2e mail catcher
 * (tests/mail/catcher.mjs: smtp-server and mailparser) in a process of its own, counted over its HTTP
 * API, so parsing what arrives does not share the sender's event loop. Options: --students=1200,
 * --down=120, BENCH_SMTP_PORT (5125; its HTTP API on the next port).
 */
import { spawn } from "node:child_process";
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
import { shortDay } from "../../lib/reach/messages";
import { addDays, schoolToday } from "../../lib/core/time";
import { resetEnvCache } from "../../lib/core/env.server";
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
async function sendUntil(db: Db, done: () => Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (!(await done()) && Date.now() - started < timeoutMs) {
    const counts = await sendDueMessages(db);
    if (counts.sent + counts.retry + counts.failed + counts.bounced === 0) await sleep(1000);
  }
}

const SMTP_PORT = Number(process.env.BENCH_SMTP_PORT ?? 5125);
const MAILBOX = `http://127.0.0.1:${SMTP_PORT + 1}`;

/** The mail catcher in a process of its own; SMTP_URL points at it. */
async function startCatcher() {
  const child = spawn(process.execPath, ["tests/mail/catcher.mjs"], {
    env: { ...process.env, MAIL_CATCHER_SMTP_PORT: String(SMTP_PORT), MAIL_CATCHER_HTTP_PORT: String(SMTP_PORT + 1) },
    stdio: "ignore",
  });
  for (let i = 0; i < 100; i += 1) {
    if (await fetch(`${MAILBOX}/health`).then((r) => r.ok, () => false)) break;
    await sleep(100);
  }
  process.env.SMTP_URL = `smtp://flexblock:relay-password@127.0.0.1:${SMTP_PORT}`;
  process.env.MAIL_FROM = '"Bench Flexblock" <flexblock@school.example>';
  resetEnvCache();
  return {
    stop: () => fetch(`${MAILBOX}/smtp/stop`, { method: "POST" }),
    start: () => fetch(`${MAILBOX}/smtp/start`, { method: "POST" }),
    close: () => child.kill(),
  };
}

/** Messages that arrived with this subject: how many, and how many distinct recipients. */
async function arrivedFor(subject: string): Promise<{ total: number; distinct: number }> {
  return (await fetch(`${MAILBOX}/summary?subject=${encodeURIComponent(subject)}`)).json() as Promise<{ total: number; distinct: number }>;
}

async function main() {
  const { handle, onPostgres, url, close } = await openBenchDatabase("mail");
  const db = handle.db;
  const smtp = await startCatcher();
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
    const NOT_CHOSEN = `Choose your Focus Block for ${shortDay(dates[0]!)}`;
    await sendUntil(db, async () => (await arrivedFor(NOT_CHOSEN)).total >= expected, 180_000);
    const seconds = (Date.now() - started) / 1000;
    sending = false;
    await reader;
    // The reads' own statements are not the sender's.
    const sendStatements = queryCounter.count - sendStart - during.length * statementsPerRead;
    const first = await arrivedFor(NOT_CHOSEN);
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
    const HALF = `Choose your Focus Block for ${shortDay(dates[1]!)}`;
    await sendUntil(db, async () => (await arrivedFor(HALF)).total >= (half?.told ?? 0), 180_000);
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
    const twice = await sendReminder(db, "not_chosen", dates[2]!, new Date(), { immediate: true });
    const want = twice?.told ?? 0;
    const TWICE = `Choose your Focus Block for ${shortDay(dates[2]!)}`;
    const doneTwice = async () => (await arrivedFor(TWICE)).total >= want;
    await Promise.all([sendUntil(db, doneTwice, 180_000), sendUntil(second.db, doneTwice, 180_000)]);
    await sleep(2000);
    const both = await arrivedFor(TWICE);
    report(
      "two senders on one database: 0 duplicates, 0 lost",
      both.total === both.distinct && both.distinct === want,
      `${want} queued, ${both.total} arrived, ${both.total - both.distinct} duplicates, ${want - both.distinct} lost`,
    );
    if (second !== handle) await second.close();

    // 3. The SMTP server away for DOWN_SECONDS mid-send.
    const date = dates[3] ?? dates[0]!;
    if (!dates[3]) {
      await db.execute(sql`delete from reach_occasions where key like ${`%:${date}`}`);
      await db.execute(sql`delete from outbox where occasion_key like ${`%:${date}`}`);
    }
    const DOWN = `Choose your Focus Block for ${shortDay(date)}`;
    const downBefore = (await arrivedFor(DOWN)).total;
    const again = await sendReminder(db, "not_chosen", date, new Date(), { immediate: true });
    const wantAgain = again?.told ?? 0;
    const downStarted = Date.now();
    let stoppedAt = 0;
    let backAt = 0;
    const outage = (async () => {
      while ((await arrivedFor(DOWN)).total - downBefore < Math.min(300, wantAgain / 4)) await sleep(50);
      await smtp.stop();
      stoppedAt = Date.now();
      console.log(`      SMTP server stopped after ${(await arrivedFor(DOWN)).total - downBefore} messages; back in ${DOWN_SECONDS} s`);
      await sleep(DOWN_SECONDS * 1000);
      await smtp.start();
      backAt = Date.now();
    })();
    await sendUntil(db, async () => backAt > 0 && (await arrivedFor(DOWN)).total - downBefore >= wantAgain, DOWN_SECONDS * 1000 + 600_000);
    const lastAt = Date.now();
    await outage;
    await sleep(2000);
    const after = await arrivedFor(DOWN);
    const [{ waiting }] = (await db.execute(sql`select count(*)::integer as waiting from outbox where status <> 'sent'`)) as unknown as [{ waiting: number }];
    report(
      `SMTP server down ${DOWN_SECONDS} s mid-send: every message arrives after, each once`,
      after.total - downBefore === wantAgain && after.distinct === wantAgain && waiting === 0,
      `${wantAgain} queued, ${after.distinct} arrived, ${after.total - after.distinct} twice; stopped ${((stoppedAt - downStarted) / 1000).toFixed(0)} s in, the last message ${((lastAt - backAt) / 1000).toFixed(0)} s after the server came back (retries back off 30 s, 2 min, 4.5 min …); ${waiting} not sent`,
    );
  } finally {
    smtp.close();
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
