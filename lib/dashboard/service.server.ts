import "server-only";
import type { Db } from "@/db";
import { dashboardCells, dashboardTargets, type DashboardScope } from "@/db/queries/dashboard";
import { notSeenRows, teacherLoadRows } from "@/db/queries/dashboard-teachers";
import { unmetRows, waitlistedNeverPlaced } from "@/db/queries/dashboard-unmet";
import { reportCalendar } from "@/db/queries/reports";
import { forbidden, invalid } from "@/lib/api/errors.server";
import { attendanceFromDate } from "@/lib/core/attendance/period";
import type { Principal } from "@/lib/auth/principal";
import { gradeLabel, gradeRangeOf, rangeText } from "@/lib/grade-range";
import { csvFile } from "@/lib/api/answers";
import { csvText } from "@/lib/reports/csv";
import { daysBetween, reportOccurrences } from "@/lib/reports/occurrences";
import { reportReach } from "@/lib/reports/service.server";
import { readSchoolDate } from "@/lib/schedule/occurrence.server";
import { schoolToday } from "@/lib/core/time";
import { dashboardCsv, presentLoad, presentNotSeen, presentStudent, presentUnmet } from "./present.server";
import { dashboardRange } from "./range";
import { MAX_DASHBOARD_DAYS, type DashboardAnswer, type DashboardList, type DashboardQuery } from "./schemas";

/**
 * GET /api/dashboard: who is falling through, for a range and the filters. Who sees what is the
 * attendance reports' reach (lib/reports/service.server.ts reportReach): administrators, sysadmins and
 * API tokens the whole school or a teacher they name; a teacher their own students and blocks. Student
 * numbers are hidden as the reports hide them, in the JSON and the CSV alike.
 *
 * Statements: the calendar, the filters' check, then one per list (the participation and the three
 * "follow up" student lists share one pass over the cells): seven for the page, three for a CSV,
 * whatever the range.
 */

const DEFAULT_THRESHOLD = 3;
const CELL_LISTS = new Set<DashboardList>(["participation", "never_chose", "missed", "elsewhere"]);

/** The teacher whose scope the dashboard shows: a teacher only their own (another's is 403); others any, or the school. */
function scopeTeacher(user: Principal | null, staffId: number | undefined): number | null {
  const own = reportReach(user).teacherId;
  if (own === null) return staffId ?? null;
  if (staffId !== undefined && staffId !== own) throw forbidden("A teacher sees only their own dashboard.");
  return own;
}

async function scopeOf(db: Db, user: Principal | null, query: DashboardQuery, now: Date) {
  const teacherId = scopeTeacher(user, query.staff_id);
  if (query.list && query.format !== "csv") throw invalid({ list: ["A list is exported with format=csv."] });
  const calendar = await reportCalendar(db);
  const timezone = calendar.timezone || "UTC";
  const year = { start: calendar.yearStart, end: calendar.yearEnd };
  const given = {
    from: query.from === undefined ? undefined : readSchoolDate(query.from, timezone, "from"),
    to: query.to === undefined ? undefined : readSchoolDate(query.to, timezone, "to"),
  };
  const { from, to } = dashboardRange(given, schoolToday(timezone, now), year);
  if (from > to) throw invalid({ to: ["The end date must be on or after the start date."] });
  if (daysBetween(from, to) > MAX_DASHBOARD_DAYS) throw invalid({ to: [`The dashboard covers at most ${MAX_DASHBOARD_DAYS} days.`] });
  if (year.start && to < year.start) throw invalid({ to: [`The range ends before the school year starts (${year.start}).`] });
  if (year.end && from > year.end) throw invalid({ from: [`The range starts after the school year ends (${year.end}).`] });

  const targets = await dashboardTargets(db, {
    clusterId: query.cluster_id ?? null,
    homeroomId: query.homeroom_id ?? null,
    staffId: teacherId,
  });
  const errors: Record<string, string[]> = {};
  const grades = gradeRangeOf({ grade_min: targets.grade_min, grade_max: targets.grade_max });
  if (query.grade !== undefined && (query.grade < grades.min || query.grade > grades.max)) {
    errors.grade = [`Grade ${gradeLabel(query.grade)} is not one of the school's grades (${rangeText(grades)}).`];
  }
  if (query.cluster_id !== undefined && !targets.cluster) errors.cluster_id = ["There is no such cluster."];
  if (query.homeroom_id !== undefined && !targets.homeroom) errors.homeroom_id = ["There is no such homeroom."];
  if (teacherId !== null && !targets.staff) errors.staff_id = ["There is no such teacher."];
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const scope: DashboardScope = {
    from,
    to,
    occurrences: reportOccurrences({ ...calendar, timezone, attendanceFrom: attendanceFromDate(calendar.attendanceFrom) }, from, to, now),
    teacherId,
    grade: query.grade ?? null,
    clusterId: query.cluster_id ?? null,
    homeroomId: query.homeroom_id ?? null,
    studentId: null,
    studentNumbers: reportReach(user).studentNumbers,
    missedMin: query.missed_min ?? DEFAULT_THRESHOLD,
    elsewhereMin: query.elsewhere_min ?? DEFAULT_THRESHOLD,
  };
  return { scope, year };
}

/** The answer with the lists asked for (the others empty): one statement per list, the cell lists sharing one. */
async function answerOf(db: Db, scope: DashboardScope, year: { start: string | null; end: string | null }, lists: Set<DashboardList>) {
  const wants = (list: DashboardList) => lists.has(list);
  const [cells, waiting, notSeen, load, unmet] = await Promise.all([
    [...CELL_LISTS].some(wants) ? dashboardCells(db, scope) : null,
    wants("waitlisted_never_placed") ? waitlistedNeverPlaced(db, scope) : [],
    wants("not_seen") ? notSeenRows(db, scope, year) : [],
    wants("teacher_load") ? teacherLoadRows(db, scope) : [],
    wants("unmet") ? unmetRows(db, scope) : [],
  ]);
  const students = cells?.students ?? [];
  const follow = (keep: (s: (typeof students)[number]) => boolean, count: (s: (typeof students)[number]) => number) =>
    students.filter(keep).map((s) => ({ ...presentStudent(s), count: count(s) }));
  const answer: DashboardAnswer = {
    from: scope.from,
    to: scope.to,
    school_days: new Set(scope.occurrences.map((o) => o.date)).size,
    scope: { staff_id: scope.teacherId, grade: scope.grade, homeroom_id: scope.homeroomId ?? null, cluster_id: scope.clusterId },
    thresholds: { missed_min: scope.missedMin, elsewhere_min: scope.elsewhereMin },
    participation: cells?.days ?? [],
    follow_up: {
      never_chose: follow((s) => s.chose === 0 && s.placed > 0, (s) => s.placed),
      missed: follow((s) => s.missed >= scope.missedMin, (s) => s.missed),
      elsewhere: follow((s) => s.elsewhere >= scope.elsewhereMin, (s) => s.elsewhere),
      waitlisted_never_placed: waiting.map((s) => ({ ...presentStudent(s), count: s.count })),
    },
    not_seen: notSeen.map(presentNotSeen),
    teacher_load: load.map(presentLoad),
    unmet: unmet.map(presentUnmet),
  };
  return answer;
}

/** GET /api/dashboard: the page (JSON), or one list as CSV (format=csv&list=…; participation by default). */
export async function dashboard(db: Db, user: Principal | null, query: DashboardQuery, now: Date) {
  const { scope, year } = await scopeOf(db, user, query, now);
  if (query.format !== "csv") {
    return answerOf(db, scope, year, new Set(["participation", "never_chose", "missed", "elsewhere", "waitlisted_never_placed", "not_seen", "teacher_load", "unmet"]));
  }
  const list = query.list ?? "participation";
  const { header, rows } = dashboardCsv(await answerOf(db, scope, year, new Set([list])), list);
  return csvFile(csvText(header, rows), `dashboard-${list.replaceAll("_", "-")}-${scope.from}-to-${scope.to}.csv`);
}
