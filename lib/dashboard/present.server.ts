import "server-only";
import type { DashboardStudentRow } from "@/db/queries/dashboard";
import type { NotSeenRow, TeacherLoadRow } from "@/db/queries/dashboard-teachers";
import type { UnmetRow } from "@/db/queries/dashboard-unmet";
import { staffName, studentName, titledLastName } from "@/lib/people/names";
import { ALREADY_CHECKED_IN, LIMIT_REACHED, NOT_PENDING } from "@/lib/requests/series.server";
import type { DashboardAnswer, DashboardList } from "./schemas";

/** The dashboard's JSON rows from its SQL rows, and each list's CSV (human headers, one row per line). */

export function presentStudent(row: DashboardStudentRow) {
  return {
    student_id: row.student_id,
    name: studentName(row),
    student_number: row.student_number,
    grade: row.grade,
    homeroom: row.homeroom,
  };
}

export const presentLoad = (row: TeacherLoadRow): DashboardAnswer["teacher_load"][number] => ({
  staff_id: row.staff_id,
  name: staffName(row),
  blocks: row.blocks,
  planned: row.planned,
  capacity: row.capacity,
  full_blocks: row.full_blocks,
  empty_blocks: row.empty_blocks,
  requests: row.requests,
  waitlist_longest: row.waitlist_longest,
  waitlist_total: row.waitlist_total,
});

export const presentNotSeen = (row: NotSeenRow): DashboardAnswer["not_seen"][number] => ({
  staff_id: row.staff_id,
  name: staffName(row),
  students: row.students.map((s) => ({ ...presentStudent(s), sections: s.sections })),
});

/** A recurring request's skip reasons (lib/requests/series.server.ts) said of the student rather than to the teacher. */
const REQUEST_REASONS: Record<string, string> = {
  [LIMIT_REACHED]: "the student already had the most appointments allowed that day",
  [ALREADY_CHECKED_IN]: "the student was already checked in for that block",
  [NOT_PENDING]: "the block had already ended when the request was made",
};

/** The rule that refused an unmet request or standing choice, in words. */
export function unmetReason(row: UnmetRow): string {
  const teacher = row.staff_last_name !== null ? titledLastName({ title: row.staff_title ?? "", last_name: row.staff_last_name }) : "The teacher";
  if (row.kind === "request") return sentence(REQUEST_REASONS[row.detail] ?? row.detail.replace(/\.$/, ""));
  switch (row.outcome) {
    case "waitlisted":
      return `${teacher} was full, so the student went on the waitlist`;
    case "full":
      return `${teacher} was full`;
    case "unavailable":
      return `${teacher} was not taking students in that Focus Block`;
    case "closed":
      return "Choosing had closed for that Focus Block";
    default:
      return sentence(row.detail.replace(/\.$/, ""));
  }
}
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const presentUnmet = (row: UnmetRow): DashboardAnswer["unmet"][number] => ({
  kind: row.kind,
  date: row.date,
  block: row.block,
  student_id: row.student_id,
  student: studentName({ first_name: row.student_first_name, last_name: row.student_last_name }),
  staff_id: row.staff_id,
  staff:
    row.staff_last_name !== null
      ? staffName({ title: row.staff_title ?? "", first_name: row.staff_first_name ?? "", last_name: row.staff_last_name })
      : null,
  reason: unmetReason(row),
});

type Student = DashboardAnswer["follow_up"]["never_chose"][number];
const STUDENT_COLUMNS = ["Student", "Student number", "Grade", "Homeroom"];
const studentCells = (s: Omit<Student, "count">) => [s.name, s.student_number ?? "", s.grade, s.homeroom ?? ""];
const counted = (count: string) => ({
  header: [...STUDENT_COLUMNS, count],
  rows: (list: Student[]) => list.map((s) => [...studentCells(s), s.count]),
});

/** Each list's CSV: its header and its rows from the JSON answer (hidden student numbers stay empty). */
export function dashboardCsv(answer: DashboardAnswer, list: DashboardList): { header: string[]; rows: unknown[][] } {
  const follow = (key: keyof DashboardAnswer["follow_up"], count: string) => {
    const c = counted(count);
    return { header: c.header, rows: c.rows(answer.follow_up[key]) };
  };
  switch (list) {
    case "participation":
      return {
        header: ["Date", "Chose", "Placed by default", "Appointment", "Checked in", "Absent"],
        rows: answer.participation.map((d) => [d.date, d.chose, d.placed, d.appointment, d.checked_in, d.absent]),
      };
    case "never_chose":
      return follow("never_chose", "Blocks placed by default");
    case "missed":
      return follow("missed", "Focus Blocks missed");
    case "elsewhere":
      return follow("elsewhere", "Times checked in elsewhere");
    case "waitlisted_never_placed":
      return follow("waitlisted_never_placed", "Waitlists joined");
    case "not_seen":
      return {
        header: ["Teacher", ...STUDENT_COLUMNS, "Sections"],
        rows: answer.not_seen.flatMap((t) => t.students.map((s) => [t.name, ...studentCells(s), s.sections.join("; ")])),
      };
    case "teacher_load":
      return {
        header: ["Teacher", "Focus Blocks", "Planned", "Capacity per block", "Full blocks", "Empty blocks", "Requests", "Longest waitlist", "Waitlist entries"],
        rows: answer.teacher_load.map((t) => [t.name, t.blocks, t.planned, t.capacity, t.full_blocks, t.empty_blocks, t.requests, t.waitlist_longest, t.waitlist_total]),
      };
    case "unmet":
      return {
        header: ["Date", "Block", "Kind", "Student", "Teacher", "Reason"],
        rows: answer.unmet.map((u) => [u.date, u.block, u.kind === "request" ? "Request" : "Standing choice", u.student, u.staff ?? "", u.reason]),
      };
  }
}
