import type { AttendanceCellRow } from "@/db/queries/reports";
import type { StaffRefRow } from "@/db/queries/staff-ref";
import type { MessageContent } from "@/lib/reach/content";
import { longDay, shortDay } from "@/lib/reach/messages";
import { addDays, dayOfWeek, type SchoolDate } from "@/lib/core/time";

/**
 * The weekly summary a family contact gets (pure: the words, from the week's attendance cells; the
 * one email layout renders and escapes them). English only for now: guardians.locale is kept, and a
 * translation would choose its words here.
 */

/** Monday of the ISO week that holds `date`. */
export const mondayOf = (date: SchoolDate): SchoolDate => addDays(date, -((dayOfWeek(date) + 6) % 7));

/** "2026-W49": the ISO week of a date (its Thursday's year). */
export function isoWeek(date: SchoolDate): string {
  const thursday = addDays(mondayOf(date), 3);
  const year = Number(thursday.slice(0, 4));
  const dayOfYear = Math.round((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${year}-01-01T00:00:00Z`)) / 86_400_000);
  return `${year}-W${String(Math.floor(dayOfYear / 7) + 1).padStart(2, "0")}`;
}

const staffName = (s: StaffRefRow) => (s.title ? `${s.title} ${s.last_name}` : `${s.first_name} ${s.last_name}`);
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function dayLine(cell: AttendanceCellRow, firstName: string): string {
  const day = shortDay(cell.date);
  const appointment = cell.appointment;
  const memo = appointment?.memo ? `: ${appointment.memo}` : "";
  switch (cell.status) {
    case "attended": {
      const withWhom = cell.logged_by ? ` with ${staffName(cell.logged_by)}` : "";
      if (appointment) return `${day}: attended${withWhom} (appointment with ${staffName(appointment)}${memo})`;
      return `${day}: attended${withWhom}`;
    }
    case "missed":
      if (appointment) return `${day}: missed, not checked in (appointment with ${staffName(appointment)}${memo})`;
      return `${day}: missed, not checked in${cell.planned_with ? ` (expected with ${staffName(cell.planned_with)})` : ""}`;
    case "void":
      return `${day}: no Focus Block for ${firstName}${cell.amendment_memo ? ` (${cell.amendment_memo})` : ""}`;
    default:
      return `${day}: attendance was not taken`;
  }
}

export function guardianDigestContent(input: {
  monday: SchoolDate;
  student: { first_name: string; last_name: string };
  guardianName: string;
  cells: AttendanceCellRow[];
}): { subject: string; content: MessageContent } {
  const { first_name: first, last_name: last } = input.student;
  const attended = input.cells.filter((c) => c.status === "attended").length;
  const missed = input.cells.filter((c) => c.status === "missed").length;
  const appointments = input.cells.filter((c) => c.appointment);
  const counted = attended + missed;
  const summary =
    input.cells.length === 0
      ? `No Focus Block has met for ${first} this week.`
      : counted === 0
        ? `${first} had no Focus Block to attend this week.`
        : `${first} attended ${attended} of ${count(counted, "Focus Block", "Focus Blocks")}${missed ? ` and missed ${missed}` : ""}.`;
  const sections: NonNullable<MessageContent["sections"]> = [];
  if (input.cells.length) sections.push({ title: "Day by day", lines: input.cells.map((c) => dayLine(c, first)) });
  if (missed) {
    sections.push({
      title: `Missed (${missed})`,
      lines: input.cells.filter((c) => c.status === "missed").map((c) => longDay(c.date)),
    });
  }
  if (appointments.length) {
    sections.push({
      title: `Appointments (${appointments.length})`,
      lines: appointments.map(
        (c) => `${shortDay(c.date)}: ${staffName(c.appointment!)}${c.appointment!.memo ? `, ${c.appointment!.memo}` : ""}`,
      ),
    });
  }
  const greeting = input.guardianName ? `Hello ${input.guardianName},` : "Hello,";
  return {
    subject: `${first} ${last}: Focus Block week of ${shortDay(input.monday)}`,
    content: {
      heading: `${first}'s Focus Block week`,
      paragraphs: [`${greeting} here is ${first} ${last}'s Focus Block week of ${longDay(input.monday)}.`, summary],
      sections,
      note: `You get this weekly summary because the school lists you as a family contact of ${first}. You can stop it with the link below.`,
    },
  };
}
