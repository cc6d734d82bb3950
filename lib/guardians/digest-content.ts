import type { AttendanceCellRow } from "@/db/queries/reports";
import type { StaffRefRow } from "@/db/queries/staff-ref";
import type { MessageContent } from "@/lib/reach/content";
import { shortDay } from "@/lib/reach/messages";
import { DEFAULT_LOCALE, type ShippedLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { schoolDates } from "@/lib/reach/student-words";
import { addDays, dayOfWeek, type SchoolDate } from "@/lib/core/time";

/**
 * The weekly summary a family contact gets (pure: the words, from the week's attendance cells; the
 * one email layout renders and escapes them), in the guardian's language (guardians.locale, as
 * lib/i18n/locales.ts `localeFromRecorded` reads it): catalogue namespace "digest". English keeps
 * the words it always had ("Tue Dec 8"); French and Spanish dates are Intl's, in the school's zone.
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

type DigestT = ReturnType<typeof translatorFor<"digest">>;

/** How the summary writes a school date: the student notices' words, and the week as it always read in English. */
function dateWords(locale: ShippedLocale, timezone: string) {
  const dates = schoolDates(locale, timezone);
  return { short: dates.short, long: dates.long, week: locale === DEFAULT_LOCALE ? shortDay : dates.dayMonth };
}

function dayLine(t: DigestT, day: string, cell: AttendanceCellRow, firstName: string): string {
  const appointment = cell.appointment;
  const withAppointment = (what: string) =>
    appointment
      ? t("dayLineWithDetail", {
          day,
          what,
          detail: appointment.memo
            ? t("appointmentWithMemo", { staff: staffName(appointment), memo: appointment.memo })
            : t("appointmentWith", { staff: staffName(appointment) }),
        })
      : null;
  switch (cell.status) {
    case "attended": {
      const what = cell.logged_by ? t("attendedWith", { staff: staffName(cell.logged_by) }) : t("attended");
      return withAppointment(what) ?? t("dayLine", { day, what });
    }
    case "missed": {
      const what = t("missed");
      if (appointment) return withAppointment(what)!;
      if (cell.planned_with) return t("dayLineWithDetail", { day, what, detail: t("expectedWith", { staff: staffName(cell.planned_with) }) });
      return t("dayLine", { day, what });
    }
    case "void": {
      const what = t("noFocusBlock", { first: firstName });
      return cell.amendment_memo ? t("dayLineWithDetail", { day, what, detail: cell.amendment_memo }) : t("dayLine", { day, what });
    }
    default:
      return t("dayLine", { day, what: t("notTaken") });
  }
}

function summaryOf(t: DigestT, first: string, cells: AttendanceCellRow[]): string {
  const attended = cells.filter((c) => c.status === "attended").length;
  const missed = cells.filter((c) => c.status === "missed").length;
  const counted = attended + missed;
  if (cells.length === 0) return t("summaryNoneMet", { first });
  if (counted === 0) return t("summaryNoneToAttend", { first });
  return missed ? t("summaryAttendedMissed", { first, attended, counted, missed }) : t("summaryAttended", { first, attended, counted });
}

export function guardianDigestContent(input: {
  monday: SchoolDate;
  student: { first_name: string; last_name: string };
  guardianName: string;
  cells: AttendanceCellRow[];
  /** The guardian's language; English when absent. */
  locale?: ShippedLocale;
  /** The school's time zone, for French and Spanish dates. */
  timezone?: string;
}): { subject: string; content: MessageContent } {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = translatorFor(locale, "digest");
  const words = dateWords(locale, input.timezone || "UTC");
  const { first_name: first, last_name: last } = input.student;
  const missed = input.cells.filter((c) => c.status === "missed");
  const appointments = input.cells.filter((c) => c.appointment);
  const sections: NonNullable<MessageContent["sections"]> = [];
  if (input.cells.length) {
    sections.push({ title: t("dayByDayTitle"), lines: input.cells.map((c) => dayLine(t, words.short(c.date), c, first)) });
  }
  if (missed.length) sections.push({ title: t("missedTitle", { count: missed.length }), lines: missed.map((c) => words.long(c.date)) });
  if (appointments.length) {
    sections.push({
      title: t("appointmentsTitle", { count: appointments.length }),
      lines: appointments.map((c) => {
        const [day, staff, memo] = [words.short(c.date), staffName(c.appointment!), c.appointment!.memo];
        return memo ? t("appointmentLineWithMemo", { day, staff, memo }) : t("appointmentLine", { day, staff });
      }),
    });
  }
  const week = words.long(input.monday);
  const greeting = input.guardianName ? t("greeting", { name: input.guardianName, first, last, week }) : t("greetingNoName", { first, last, week });
  return {
    subject: t("subject", { first, last, week: words.week(input.monday) }),
    content: {
      heading: t("heading", { first }),
      paragraphs: [greeting, summaryOf(t, first, input.cells)],
      sections,
      note: t("note", { first }),
      ...(locale === DEFAULT_LOCALE ? {} : { locale, unsubscribeLabel: t("unsubscribeLink") }),
    },
  };
}
