/**
 * `npm run bench:sign-in`: a whole school signing in from one address (a school's NAT: none may be refused) on a new
 * database — PostgreSQL when DATABASE_URL names a server (a throwaway database is created on it and
 * dropped), else an in-memory PGlite. 1,200 students arrive one after another, evenly, within 5
 * minutes (SIGN_IN_BENCH_MINUTES, default 5; 1 packs them into a minute), all from the same address
 * with no school networks set: each presses Next (POST /api/check-user's work) and signs in (POST
 * /api/login's work, argon2id included). One in ten first types a number that does not exist, one in
 * ten first types a wrong password. Arrivals do not wait for each other, so sign-ins overlap as they
 * would. Prints the refusals (429: must be 0, else the run fails), the other answers, and the
 * latencies of check-user, login and the whole sign-in (p50, p95, max).
 */
import { students, users } from "../../db/schema";
import { hashPassword } from "../../lib/auth/password.server";
import { checkUser, login } from "../../lib/auth/service.server";
import { ensureDefaultSettings } from "../../lib/settings/service.server";
import { summarize } from "./harness";
import { openBenchDatabase } from "./throwaway-db";

const STUDENTS = 1200;
const PASSWORD = "correct-horse-battery";
const SCHOOL_ADDRESS = "203.0.113.10";

async function statusOf(work: Promise<unknown>): Promise<number> {
  try {
    await work;
    return 200;
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (typeof status !== "number") throw error;
    return status;
  }
}

async function main() {
  const minutes = Number(process.env.SIGN_IN_BENCH_MINUTES ?? 5);
  const bench = await openBenchDatabase("sign_in");
  const { handle } = bench;
  const onPostgres = bench.onPostgres;
  let failed = false;
  try {
    const db = handle.db;
    await ensureDefaultSettings(db, new Date());
    // One real argon2id hash (the product's cost) shared by every student: each login verifies a full one.
    const passwordHash = await hashPassword(PASSWORD);
    const numbers = Array.from({ length: STUDENTS }, (_, i) => String(500000 + i));
    const accounts = await db
      .insert(users)
      .values(numbers.map((username) => ({ username, password_hash: passwordHash, account_type: "student" as const, password_expired: false })))
      .returning({ id: users.id, username: users.username });
    await db.insert(students).values(
      accounts.map((account, i) => ({
        user_id: account.id,
        student_number: account.username,
        first_name: "Bench",
        last_name: `Student${i}`,
        grade: 9 + (i % 4),
        initials: "BS",
        color: "teal",
      })),
    );

    const caller = { address: SCHOOL_ADDRESS, userAgent: "bench" };
    const statuses: Record<string, number> = {};
    const count = (label: string) => (statuses[label] = (statuses[label] ?? 0) + 1);
    const checkUserMs: number[] = [];
    const loginMs: number[] = [];
    const signInMs: number[] = [];
    const timed = async (samples: number[], work: () => Promise<unknown>) => {
      const started = performance.now();
      const status = await statusOf(work());
      samples.push(performance.now() - started);
      return status;
    };
    const expect = (step: string, status: number, wanted: number) => {
      count(`${step} ${status}`);
      if (status === 429) count("refused");
      else if (status !== wanted) count("unexpected");
    };

    async function student(i: number) {
      const number = numbers[i]!;
      const started = performance.now();
      if (i % 10 === 3) expect("check-user (typo)", await timed(checkUserMs, () => checkUser(db, `0${number}`, caller, new Date())), 404);
      expect("check-user", await timed(checkUserMs, () => checkUser(db, number, caller, new Date())), 200);
      if (i % 10 === 7) {
        expect("login (wrong password)", await timed(loginMs, () => login(db, { username: number, password: "typo-typo" }, caller, new Date())), 401);
      }
      expect("login", await timed(loginMs, () => login(db, { username: number, password: PASSWORD }, caller, new Date())), 200);
      signInMs.push(performance.now() - started);
    }

    const intervalMs = (minutes * 60_000) / STUDENTS;
    console.log(
      `${STUDENTS} students from ${SCHOOL_ADDRESS} within ${minutes} minute${minutes === 1 ? "" : "s"} (one every ${intervalMs.toFixed(0)} ms), ${onPostgres ? "PostgreSQL" : "PGlite"}`,
    );
    const began = performance.now();
    const running: Promise<void>[] = [];
    for (let i = 0; i < STUDENTS; i++) {
      const due = began + i * intervalMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      running.push(student(i));
    }
    await Promise.all(running);
    const wallSeconds = (performance.now() - began) / 1000;

    const line = (label: string, samples: number[]) => {
      const s = summarize(samples);
      console.log(`${label.padEnd(10)} ${String(samples.length).padStart(5)} requests  p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  max ${s.max.toFixed(0)} ms`);
    };
    line("check-user", checkUserMs);
    line("login", loginMs);
    line("sign-in", signInMs);
    console.log(`answers: ${Object.entries(statuses).filter(([k]) => k.includes(" ")).map(([k, v]) => `${k}: ${v}`).join(", ")}`);
    const refused = statuses.refused ?? 0;
    const unexpected = statuses.unexpected ?? 0;
    console.log(`refused (429): ${refused}; unexpected answers: ${unexpected}; all done in ${wallSeconds.toFixed(0)} s`);
    failed = refused > 0 || unexpected > 0 || wallSeconds > minutes * 60 + 60;
  } finally {
    await bench.close();
  }
  if (failed) {
    console.error("FAIL: a student was refused, answered wrongly, or the sign-ins did not finish in time.");
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
