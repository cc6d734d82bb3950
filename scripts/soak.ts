/**
 * npm run soak: a bounded mixed load on the built app — check-in status polls, student and teacher
 * week schedules, search and 30-number check-ins — from many clients at once, then a quiet spell.
 * Fails (exit 1) on any 5xx, connection error or timeout, or a transaction left open in PostgreSQL;
 * prints throughput, latencies and the server's memory before, at its peak, after and idle.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run soak -- --seconds 60 --connections 200
 *
 * Without DATABASE_URL (or with --pglite) it runs on the embedded PGlite. --students (2000) sizes the
 * school; NEXT_DIST_DIR picks the build (built first when missing); --port (3400) the app's port.
 */
import autocannon from "autocannon";
import postgres from "postgres";
import { argument, flag, loadAverage, prepareSchool, rssMb, startApp } from "./load/app";

const seconds = argument("seconds", 60);
const connections = argument("connections", 200);
const studentsCount = argument("students", 2000);
const port = argument("port", 3400);
const IDLE_SECONDS = 10;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const school = await prepareSchool({ students: studentsCount, teachers: 120, pglite: flag("pglite") });
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  let failed = false;
  try {
    app = await startApp(school, port);
    const base = `http://127.0.0.1:${port}`;
    const teacher = school.teachers[1]!; // teacher@demo.school
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const auth = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });
    const kinds = ["status", "student week", "teacher week", "search", "check-in"] as const;
    let turn = 0;
    const statusCounts: Record<string, number> = {};
    const latencies: number[] = [];
    let fiveHundreds = 0;
    const memory = { before: rssMb(app.process.pid), peak: 0, after: 0, idle: 0 };
    const sampler = setInterval(() => (memory.peak = Math.max(memory.peak, rssMb(app!.process.pid))), 1000);
    console.log(`Soak: ${connections} clients for ${seconds} s on ${school.kind}; load average ${loadAverage()}`);

    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const run = autocannon(
        {
          url: base,
          connections,
          duration: seconds,
          timeout: 30,
          requests: [
            {
              setupRequest: (request) => {
                const kind = kinds[turn++ % kinds.length]!;
                const student = pick(school.students);
                const who = pick(school.teachers);
                const base = { ...request, method: "GET" as const };
                switch (kind) {
                  case "status":
                    return { ...base, path: `/api/check-in/status/${school.date}`, headers: auth(who.token) };
                  case "student week":
                    return { ...base, path: `/api/students/self/schedule/${school.date}`, headers: auth(student.token) };
                  case "teacher week":
                    return { ...base, path: `/api/staff/${who.staffId}/schedule/${school.date}`, headers: auth(who.token) };
                  case "search":
                    return { ...base, path: `/api/search?query=${pick(["mar", "jo", "lee", "an", "smi"])}`, headers: auth(teacher.token) };
                  default:
                    return {
                      ...request,
                      method: "POST" as const,
                      path: "/api/check-in",
                      headers: auth(who.token),
                      body: JSON.stringify({
                        date: school.date,
                        type: "student_number",
                        chips: Array.from({ length: 30 }, () => ({ value: pick(school.numbers) })),
                      }),
                    };
                }
              },
            },
          ],
        },
        (error, outcome) => (error ? reject(error) : resolve(outcome)),
      );
      run.on("response", (_client, statusCode, _bytes, ms) => {
        latencies.push(ms);
        statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
        if (statusCode >= 500) fiveHundreds += 1;
      });
    });
    memory.after = rssMb(app.process.pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    memory.idle = rssMb(app.process.pid);
    clearInterval(sampler);

    let openTransactions = 0;
    if (school.kind === "postgres") {
      const probe = postgres(school.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      const [row] = await probe`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%' and pid <> pg_backend_pid()`;
      openTransactions = row!.n as number;
      await probe.end({ timeout: 5 });
    }

    console.log(
      `\n${result.requests.total} requests in ${seconds} s (${result.requests.average.toFixed(0)} req/s); ` +
        `statuses ${JSON.stringify(statusCounts)}; errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    const sorted = latencies.sort((a, b) => a - b);
    console.log(
      `Latency over the mix: p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, ` +
        `p99 ${percentile(sorted, 99).toFixed(0)} ms, max ${sorted[sorted.length - 1]?.toFixed(0)} ms`,
    );
    console.log(
      `Server memory (RSS): ${memory.before} MB before, ${memory.peak} MB peak, ${memory.after} MB at the end, ` +
        `${memory.idle} MB after ${IDLE_SECONDS} s idle. Load average ${loadAverage()}.`,
    );
    const problems = [
      fiveHundreds > 0 && `${fiveHundreds} answers were 5xx`,
      result.errors > 0 && `${result.errors} connection errors`,
      result.timeouts > 0 && `${result.timeouts} timeouts`,
      openTransactions > 0 && `${openTransactions} connections left idle in a transaction`,
    ].filter(Boolean);
    if (problems.length > 0) {
      failed = true;
      console.log(`SOAK FAILED: ${problems.join("; ")}`);
    } else {
      console.log("SOAK PASSED: no 5xx, no connection errors or timeouts, no transaction left open.");
    }
  } finally {
    if (app) console.log(`The server stopped ${((await app.stop()) / 1000).toFixed(1)} s after SIGTERM.`);
    await school.drop();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
