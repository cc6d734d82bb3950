/**
 * npm run bench:busiest — the school's busiest five minutes, open-loop (requests arrive on a clock,
 * whether or not earlier ones have been answered, as people do):
 *  - every student opens their calendar and plans within five minutes: their week, the list of
 *    teachers for the Focus Block, then a plan (arrivals spread evenly over the five minutes);
 *  - 120 teachers keep check-in status open, each polling every 10 s;
 *  - at the bell each teacher submits a 30-number check-in (spread over the 20 s after it).
 * Prints p50/p95/p99 per kind and overall, and errors (5xx, connection errors); exit 1 when p95 is
 * over 50 ms or anything errored.
 *
 *   DATABASE_URL=postgres://… npm run bench:busiest -- --students 2000 --seconds 300
 *   npm run bench:busiest -- --pglite --students 500,1000,2000 --seconds 60
 *
 * --seconds runs a slice of the five minutes at the same arrival rates (students × seconds / 300
 * arrive; the bell rings in the middle). --processes 2 starts two app processes behind a loopback
 * round-robin proxy (the scale-out measurement). --ports 3500,3501 the apps' ports, --proxy-port 3510.
 */
import http from "node:http";
import { argument, flag, loadAverage, prepareSchool, rssMb, startApp, startProxy, type App } from "../load/app";

const WINDOW_SECONDS = 300;
const TEACHERS = 120;
const POLL_SECONDS = 10;
const CHECK_IN_SIZE = 30;
const TARGET_P95_MS = 50;

const seconds = argument("seconds", WINDOW_SECONDS);
const processes = argument("processes", 1);
const appPorts = (() => {
  const at = process.argv.indexOf("--ports");
  return (at >= 0 ? process.argv[at + 1]! : "3500,3501,3502,3503").split(",").map(Number);
})();
const proxyPort = argument("proxy-port", 3510);
const sizes = (() => {
  const at = process.argv.indexOf("--students");
  const raw = at >= 0 ? process.argv[at + 1]! : "2000";
  return raw.split(",").map(Number);
})();

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Sample {
  kind: string;
  status: number;
  ms: number;
}

function request(port: number, method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
        },
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, body: "", ms: performance.now() - started }));
    req.end(payload);
  });
}

async function run(students: number) {
  const school = await prepareSchool({ students, teachers: TEACHERS, pglite: flag("pglite") });
  const apps: App[] = [];
  let proxy: http.Server | undefined;
  try {
    for (let i = 0; i < processes; i++) apps.push(await startApp(school, appPorts[i]!));
    let port = apps[0]!.port;
    if (processes > 1) {
      proxy = await startProxy(proxyPort, apps.map((app) => app.port));
      port = proxyPort;
    }
    // Warm up: compile each route once per process.
    for (const app of apps) {
      const teacher = school.teachers[1]!;
      await request(app.port, "GET", `/api/check-in/status/${school.date}`, teacher.token);
      await request(app.port, "GET", `/api/students/self/schedule/${school.date}`, school.students[0]!.token);
      await request(app.port, "POST", "/api/students/staff-list", school.students[0]!.token, { block_id: school.focusBlockId, date: school.date });
    }

    const samples: Sample[] = [];
    const record = (kind: string, answer: { status: number; ms: number }) => samples.push({ kind, status: answer.status, ms: answer.ms });
    const pending: Promise<unknown>[] = [];
    const started = performance.now();
    const at = (seconds: number, work: () => Promise<unknown>) =>
      new Promise<void>((resolve) => {
        setTimeout(() => {
          pending.push(work());
          resolve();
        }, Math.max(0, seconds * 1000 - (performance.now() - started)));
      });

    // Students: arrivals evenly spread (random order) over the five minutes; this slice gets its share.
    const arriving = Math.round((students * seconds) / WINDOW_SECONDS);
    const order = [...school.students].sort(() => Math.random() - 0.5).slice(0, arriving);
    const schedule: Promise<void>[] = order.map((student, i) =>
      at((i + Math.random()) * (seconds / arriving), async () => {
        record("student week", await request(port, "GET", `/api/students/self/schedule/${school.date}`, student.token));
        const list = await request(port, "POST", "/api/students/staff-list", student.token, { block_id: school.focusBlockId, date: school.date });
        record("staff list", list);
        let staffId = school.teachers[Math.floor(Math.random() * school.teachers.length)]!.staffId;
        try {
          const parsed = JSON.parse(list.body) as { id?: number; staff_id?: number }[] | { staff?: { id: number }[] };
          const rows = Array.isArray(parsed) ? parsed : (parsed.staff ?? []);
          const open = rows.map((row) => (row as { id?: number }).id ?? (row as { staff_id?: number }).staff_id).filter(Boolean) as number[];
          if (open.length > 0) staffId = open[Math.floor(Math.random() * open.length)]!;
        } catch {
          // keep the random teacher
        }
        record("plan", await request(port, "POST", "/api/students/schedule-plan", student.token, { block_id: school.focusBlockId, date: school.date, staff_id: staffId }));
      }),
    );
    // Teachers: a status poll every 10 s each, from a random phase.
    for (const teacher of school.teachers) {
      const phase = Math.random() * POLL_SECONDS;
      for (let t = phase; t < seconds; t += POLL_SECONDS) {
        schedule.push(at(t, async () => record("status poll", await request(port, "GET", `/api/check-in/status/${school.date}`, teacher.token))));
      }
    }
    // The bell: every teacher submits 30 numbers (their own slice of the school) within 20 s.
    const bell = seconds / 2;
    school.teachers.forEach((teacher, i) => {
      const numbers = Array.from({ length: CHECK_IN_SIZE }, (_, k) => school.numbers[(i * CHECK_IN_SIZE + k) % school.numbers.length]!);
      schedule.push(
        at(bell + Math.random() * 20, async () =>
          record(
            "check-in",
            await request(port, "POST", "/api/check-in", teacher.token, {
              date: school.date,
              type: "student_number",
              chips: numbers.map((value) => ({ value })),
            }),
          ),
        ),
      );
    });
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, ...apps.map((app) => rssMb(app.process.pid)))), 1000);
    const loadBefore = loadAverage();
    await Promise.all(schedule);
    await Promise.all(pending);
    clearInterval(sampler);

    const errors = samples.filter((s) => s.status === 0 || s.status >= 500).length;
    const refused = samples.filter((s) => s.status >= 400 && s.status < 500);
    const line = (name: string, list: Sample[]) => {
      const sorted = list.map((s) => s.ms).sort((a, b) => a - b);
      return `  ${name.padEnd(13)} ${String(list.length).padStart(6)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(sorted, 95).toFixed(1).padStart(7)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms`;
    };
    const all = samples.map((s) => s.ms).sort((a, b) => a - b);
    const p95 = percentile(all, 95);
    console.log(
      `\nBusiest five minutes on ${school.kind}, ${students} students, ${TEACHERS} teachers, ${processes} app process(es)` +
        `${processes > 1 ? " behind a round-robin proxy" : ""}: a ${seconds} s slice (${arriving} students arriving), ` +
        `load average before ${loadBefore}, after ${loadAverage()}`,
    );
    for (const kind of ["student week", "staff list", "plan", "status poll", "check-in"]) {
      console.log(line(kind, samples.filter((s) => s.kind === kind)));
    }
    console.log(line("all", samples));
    const refusedCodes = refused.reduce<Record<number, number>>((m, s) => ({ ...m, [s.status]: (m[s.status] ?? 0) + 1 }), {});
    console.log(
      `  errors (5xx or no answer): ${errors}; refused by the rules (4xx, e.g. a full teacher): ${JSON.stringify(refusedCodes)}; ` +
        `peak RSS per process ${peak} MB`,
    );
    console.log(`  ${p95 <= TARGET_P95_MS && errors === 0 ? "PASS" : "FAIL"}  target p95 ≤ ${TARGET_P95_MS} ms and 0 errors`);
    return { students, p95, errors };
  } finally {
    proxy?.close();
    for (const app of apps) await app.stop();
    await school.drop();
  }
}

async function main() {
  const results = [];
  for (const students of sizes) results.push(await run(students));
  if (sizes.length > 1) {
    console.log("\nstudents  p95");
    for (const r of results) console.log(`${String(r.students).padStart(8)}  ${r.p95.toFixed(1)} ms${r.errors ? `  (${r.errors} errors)` : ""}`);
  }
  agent.destroy();
  process.exit(results.every((r) => r.p95 <= TARGET_P95_MS && r.errors === 0) ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
