import type { DateTimeFormatOptions } from "next-intl";
import type { AttendanceCellRow } from "@/db/queries/reports";
import type { StaffRefRow } from "@/db/queries/staff-ref";
import type { MessageContent } from "@/lib/reach/content";
import { longDay, shortDay } from "@/lib/reach/messages";
import { DEFAULT_LOCALE, type ShippedLocale } from "@/lib/i18n/locales";
import { formatterFor, translatorFor } from "@/lib/i18n/translator";
import { addDays, dayOfWeek, schoolInstant, type SchoolDate } from "@/lib/core/time";

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

/** How a school date is written: English's fixed words, else Intl at the school's noon ("martes 1 de diciembre"). */
function dateWords(locale: ShippedLocale, timezone: string) {
  if (locale === "en") return { short: shortDay, long: longDay, week: shortDay, longWeek: longDay };
  const format = formatterFor(locale, timezone);
  // Spanish as the brief's families read it, without CLDR's comma after the weekday ("martes 1 de diciembre").
  const write = (date: SchoolDate, options: DateTimeFormatOptions) =>
    format.dateTime(schoolInstant(date, "12:00", timezone), options).replace(/^(\p{L}+\.?),/u, "$1");
  return {
    short: (date: SchoolDate) => write(date, { weekday: "short", day: "numeric", month: "short" }),
    long: (date: SchoolDate) => write(date, { weekday: "long", day: "numeric", month: "long" }),
    week: (date: SchoolDate) => write(date, { day: "numeric", month: "long" }),
    longWeek: (date: SchoolDate) => write(date, { weekday: "long", day: "numeric", month: "long" }),
  };
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
  const week = words.longWeek(input.monday);
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
