/**
 * Dashboard speed (GET /api/dashboard) on PostgreSQL with the large school (2,000 students, 120 staff,
 * a year of history): four weeks p95 ≤ 300 ms, the whole seeded year p95 ≤ 1 s, as an administrator
 * (the whole school), and a teacher's own four weeks for the record. The demo seed has no waitlists,
 * standing choices or recurring requests, so addDashboardHistory adds a year of them first (once per
 * database). Called by scripts/bench.ts against the running server (benchDashboard); also runs on its
 * own, in-process with statement counts, on a new database that it seeds and drops:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx --conditions=react-server scripts/bench/dashboard.ts
 * (BENCH_KEEP_DB=1 keeps it, BENCH_REUSE_DB=<name> benches a kept one.)
 */
import { sql } from "drizzle-orm";
import { queryCounter, type Db } from "../../db/client";
import { resultRows } from "../../db/queries/checkin";
import { dashboard } from "../../lib/dashboard/service.server";
import { attendanceReport } from "../../lib/reports/service.server";
import type { DashboardAnswer } from "../../lib/dashboard/schemas";
import type { Principal } from "../../lib/auth/principal";
import { addDays } from "../../lib/core/time";
import { printFigures, summarize, timeSequential, type BenchFigure } from "./harness";
import { withLargeSchool } from "./large-school";
import { yearRange } from "./reports";

const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 20);

/** The two ranges the budgets are about: the last four weeks, and the seeded year up to today. */
export function dashboardRanges(now = new Date()) {
  const year = yearRange(now);
  return { month: { from: addDays(year.to, -27), to: year.to }, year };
}

/**
 * A year of what the dashboard's waitlist and unmet lists read, made in one statement each (the demo
 * seed has none): one student in 20 waits on a full teacher one Focus Block in 10 (one in 3 of those
 * later given a seat from it, so the entry went and a "waitlist" plan stands), one in 25 has a
 * standing choice that a full teacher refused once a fortnight, and one teacher in 6 has a weekly
 * recurring request skipped for three students now and then.
 */
export async function addDashboardHistory(db: Db) {
  const [done] = resultRows(await db.execute(sql`select exists (select 1 from waitlist_entries) as done`));
  if (done?.done === true) return;
  await db.execute(sql`
    insert into waitlist_entries (student_id, staff_id, block_id, date)
    select p.student_id, (select id from staff where takes_students order by id offset (p.student_id % 100) limit 1), p.block_id, p.date
    from plans p where p.student_id % 20 = 0 and extract(doy from p.date)::int % 10 = p.student_id % 10
    on conflict do nothing`);
  await db.execute(sql`
    update plans p set source = 'waitlist' from waitlist_entries w
    where w.student_id = p.student_id and w.block_id = p.block_id and w.date = p.date and w.id % 3 = 0`);
  await db.execute(sql`delete from waitlist_entries where id % 3 = 0`);
  await db.execute(sql`
    with made as (
      insert into standing_choices (student_id, staff_id, weekday, "from", "until")
      select s.id, (select id from staff where takes_students order by id offset (s.id % 50) limit 1), 3,
        (select min(date) from plans), (select max(date) from plans)
      from students s where s.id % 25 = 0
      returning id, student_id, staff_id
    )
    insert into standing_choice_outcomes (standing_choice_id, date, block_id, outcome, detail)
    select m.id, p.date, p.block_id, case when extract(week from p.date)::int % 4 = 0 then 'full' else 'waitlisted' end, 'That teacher is full.'
    from made m join plans p on p.student_id = m.student_id
    where extract(dow from p.date) = 3 and extract(week from p.date)::int % 2 = 0`);
  await db.execute(sql`
    insert into appointment_series (staff_id, block_id, weekday, "from", "until", student_ids, skipped)
    select st.id, b.id, 2, (select min(date) from plans), (select max(date) from plans),
      (select array_agg(id) from (select id from students order by id offset st.id * 3 limit 3) x),
      coalesce((select jsonb_agg(jsonb_build_object('student_id', x.id, 'date', d.date::text,
          'reason', 'The maximum number of appointments has been reached.'))
        from (select id from students order by id offset st.id * 3 limit 3) x
        cross join (select distinct date from plans where extract(dow from date) = 2 and extract(week from date)::int % 3 = 0) d), '[]')
    from staff st cross join (select id from blocks where flex order by id limit 1) b
    where st.takes_students and st.id % 6 = 0`);
  await db.execute(sql`analyze waitlist_entries; analyze standing_choice_outcomes; analyze appointment_series; analyze plans`);
}

/** Over HTTP against the running app: an administrator's four weeks and year, and a teacher's four weeks. */
export async function benchDashboard(context: { baseUrl: string; db: Db; adminToken: string; teacherToken: string }): Promise<BenchFigure[]> {
  await addDashboardHistory(context.db);
  const { month, year } = dashboardRanges();
  const get = (token: string) => async (path: string) => {
    const response = await fetch(`${context.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  };
  const figures: BenchFigure[] = [];
  const runs: [string, { from: string; to: string }, string, number][] = [
    ["four weeks", month, context.adminToken, 300],
    ["a school year", year, context.adminToken, 1000],
    ["a teacher's own four weeks", month, context.teacherToken, 300],
  ];
  for (const [what, range, token, budgetMs] of runs) {
    const path = `/api/dashboard?from=${range.from}&to=${range.to}`;
    await get(token)(path);
    figures.push({
      name: `GET /api/dashboard, ${what} (${range.from} to ${range.to}), 2,000 students`,
      budgetMs,
      budgetOn: "p95",
      ...(await timeSequential(() => get(token)(path), RUNS)),
    });
  }
  return figures;
}

const ADMIN: Principal = { role: "sysadmin", sessionId: 0 } as Principal;

/** In-process: the same work with no HTTP, the statements each answer runs and how many rows each list has. */
async function inProcess(db: Db) {
  const { month, year } = dashboardRanges();
  const figures: BenchFigure[] = [];
  for (const [what, range, budgetMs] of [["four weeks", month, 300], ["a school year", year, 1000]] as const) {
    const run = () => dashboard(db, ADMIN, range, new Date()) as Promise<DashboardAnswer>;
    const first = await run();
    const before = queryCounter.count;
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
    const statements = (queryCounter.count - before) / RUNS;
    const sizes = [
      `never chose ${first.follow_up.never_chose.length}`,
      `missed ${first.follow_up.missed.length}`,
      `elsewhere ${first.follow_up.elsewhere.length}`,
      `waitlisted ${first.follow_up.waitlisted_never_placed.length}`,
      `not seen ${first.not_seen.reduce((n, t) => n + t.students.length, 0)}`,
      `load ${first.teacher_load.length}`,
      `unmet ${first.unmet.length}`,
    ].join(", ");
    figures.push({
      name: `dashboard in-process, ${what} (${range.from} to ${range.to}): ${first.school_days} days, ${sizes}; ${statements} statements`,
      budgetMs,
      budgetOn: "p95",
      ...summarize(samples),
    });
  }
  // For the record, on the same machine at the same time: the attendance report by day over the year,
  // one pass over the same cells (how busy the machine is shows in both).
  const byDay = () => attendanceReport(db, { teacherId: null, studentNumbers: "all" }, { ...year, group_by: "day" }, new Date());
  await byDay();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await byDay();
    samples.push(performance.now() - started);
  }
  figures.push({ name: "for comparison: attendanceReport by day, the same year", budgetMs: null, budgetOn: "p95", ...summarize(samples) });
  return figures;
}

const main = () =>
  withLargeSchool("dashboard", async (db) => {
    await addDashboardHistory(db);
    printFigures(await inProcess(db));
  });

if (process.argv[1]?.endsWith("dashboard.ts")) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
