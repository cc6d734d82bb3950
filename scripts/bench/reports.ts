/**
 * Attendance report speed (budget 1 s) on PostgreSQL with the large school: a school year's report for
 * 2,000 students ≤ 1 s (by student, by teacher, by day), and the SIS export of the same range for the
 * record. Called by scripts/bench.ts against the running server (benchReports); also runs on its own,
 * in-process with statement counts, on a new database that it seeds and drops:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx --conditions=react-server scripts/bench/reports.ts
 */
import { queryCounter, type Db } from "../../db/client";
import { attendanceReport, sisExport } from "../../lib/reports/service.server";
import type { GroupBy } from "../../lib/reports/schemas";
import { addDays, schoolToday } from "../../lib/time";
import { printFigures, summarize, timeSequential, type BenchFigure } from "./harness";
import { withLargeSchool } from "./large-school";

const TIMEZONE = "America/Vancouver";
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 5);

/** The report range: the seeded school year up to today (the bench seeds 36 weeks back). */
export function yearRange(now = new Date(), weeksBack = Number(process.env.BENCH_WEEKS_BACK ?? 36)) {
  const to = schoolToday(TIMEZONE, now);
  return { from: addDays(to, -7 * weeksBack), to };
}

/** Over HTTP against the running app, as an administrator (everyone in scope). */
export async function benchReports(context: { baseUrl: string; adminToken: string }): Promise<BenchFigure[]> {
  const { from, to } = yearRange();
  const get = async (path: string) => {
    const response = await fetch(`${context.baseUrl}${path}`, { headers: { authorization: `Bearer ${context.adminToken}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  };
  const figures: BenchFigure[] = [];
  for (const groupBy of ["student", "teacher", "day"] as GroupBy[]) {
    const path = `/api/reports/attendance?from=${from}&to=${to}&group_by=${groupBy}`;
    await get(path);
    figures.push({
      name: `GET /api/reports/attendance, a school year (${from} to ${to}) by ${groupBy}, 2,000 students`,
      budgetMs: 1000,
      budgetOn: "p50",
      ...(await timeSequential(() => get(path), RUNS)),
    });
  }
  const sis = `/api/reports/sis-export?from=${from}&to=${to}`;
  figures.push({ name: "GET /api/reports/sis-export, the same year (a CSV row per student per day)", budgetMs: null, budgetOn: "p50", ...(await timeSequential(() => get(sis), 2)) });
  return figures;
}

/** In-process: the same work with no HTTP, and the statements each report runs. */
async function inProcess(db: Db) {
  const { from, to } = yearRange();
  const figures: BenchFigure[] = [];
  for (const groupBy of ["student", "teacher", "day"] as GroupBy[]) {
    const run = () => attendanceReport(db, { teacherId: null, studentNumbers: "all" }, { from, to, group_by: groupBy }, new Date());
    await run();
    const before = queryCounter.count;
    const samples: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const answer = (await run()) as { rows: unknown[] };
      samples.push(performance.now() - started);
      rows = answer.rows.length;
    }
    const statements = (queryCounter.count - before) / RUNS;
    figures.push({
      name: `attendanceReport in-process, ${from} to ${to}, by ${groupBy}: ${rows} rows, ${statements} statements`,
      budgetMs: 1000,
      budgetOn: "p50",
      ...summarize(samples),
    });
  }
  const started = performance.now();
  const csv = await new Response((await sisExport(db, { teacherId: null, studentNumbers: "all" }, { from, to }, new Date())).body).text();
  figures.push({
    name: `sisExport in-process: ${csv.split("\r\n").length - 2} rows, ${(csv.length / 1e6).toFixed(1)} MB`,
    budgetMs: null,
    budgetOn: "p50",
    ...summarize([performance.now() - started]),
  });
  return figures;
}

const main = () => withLargeSchool("reports", async (db) => printFigures(await inProcess(db)));

if (process.argv[1]?.endsWith("reports.ts")) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
