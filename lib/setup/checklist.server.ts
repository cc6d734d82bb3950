import "server-only";
import type { Db } from "@/db";
import { firstWeekPreview, setupCounts, type PreviewRow, type SetupCounts } from "@/db/queries/setup";
import { ssoProviders } from "@/lib/auth/sso";
import { includedWeekdays } from "@/lib/calendar/generate";
import { mailStatus } from "@/lib/reach/mail-admin.server";
import { SETTINGS } from "@/lib/setting-definitions";
import { dayLabel, dayOfWeek, schoolToday } from "@/lib/core/time";
import { SETUP_HELP, type SetupKey } from "@/lib/wiki/help/setup-steps";

/**
 * GET /api/setup (administrators and sysadmins): the setup checklist. Each step says whether it is done
 * and, in plain words, what is missing or what is there, with the screen that does it and its help post;
 * and a preview of the first school day with a Focus Block, as students and teachers will meet it. Two
 * statements however big the school (db/queries/setup.ts).
 */

export interface ChecklistItem {
  key: SetupKey;
  title: string;
  done: boolean;
  detail: string;
  /** The screen that does this step. */
  href: string;
  /** The step's help post in the wiki (null when the school deleted it). */
  help: string | null;
  /** A step the school may leave (email): it does not count towards "Every step is done". */
  optional?: boolean;
  /** The email step: whether this server has a mail server to send with (the step offers a test message). */
  mail_configured?: boolean;
}

export interface PreviewDay {
  date: string;
  /** `Tue Sep 8, 2026`. */
  label: string;
  day_type: string | null;
  bell_schedule: string | null;
  blocks: { id: number; label: string; flex: boolean; start: string; end: string }[];
}

export interface SetupChecklist {
  items: ChecklistItem[];
  /** The first in-session week from today that has a Focus Block, its first day first; null without one. */
  preview: { first_day: string; days: PreviewDay[]; teachers_taking_students: number } | null;
}

/** The name a school has until an administrator gives it its own. */
const DEFAULT_SCHOOL_NAME = String(SETTINGS.find((setting) => setting.key === "school_name")!.default);

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
const dateText = (date: string) => dayLabel(date, "").full_date;
const dayTypesOf = (value: SetupCounts["day_types"]): string[] =>
  (typeof value === "string" ? (JSON.parse(value) as string[]) : (value ?? [])).filter(Boolean);
const helpIdsOf = (value: SetupCounts["help"]): Record<string, number> =>
  (typeof value === "string" ? JSON.parse(value) : value) ?? {};
const jsonList = <T>(value: T[] | string | null): T[] => (typeof value === "string" ? (JSON.parse(value) as T[]) : (value ?? []));

/**
 * The days without school that would otherwise be school days: in the school year and on a weekday the
 * school meets (a two-week break holds 10 of them, not 14). The same weekdays the calendar uses
 * (lib/calendar/generate.ts includedWeekdays).
 */
function closedSchoolDays(c: SetupCounts): number {
  const weekdays = includedWeekdays(c.include_days);
  const inYear = (date: string) => (!c.year_start || date >= c.year_start) && (!c.year_end || date <= c.year_end);
  return jsonList(c.no_school_dates).filter((date) => inYear(date) && weekdays.has(dayOfWeek(date))).length;
}

/**
 * The year's terms, each once (an SIS bundle imported beside the school's own terms left copies: the
 * same name and dates twice), and the names that are there more than once.
 */
function distinctTerms(c: SetupCounts) {
  const seen = new Map<string, number>();
  const names: string[] = [];
  for (const term of jsonList(c.term_list)) {
    const key = `${term.name.trim().toLowerCase()}|${term.start}|${term.end}`;
    const times = (seen.get(key) ?? 0) + 1;
    seen.set(key, times);
    if (times === 2) names.push(term.name.trim());
  }
  return { count: seen.size, copied: names };
}

/** "Semester 1", "Semester 1 and Semester 2", "Q1, Q2 and Q3". */
const listed = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * What to do about classes without a meeting time (no block): a roster imported before the bell
 * schedule matched none of its periods; an import after it matches them by label.
 */
function meetingsMissing(c: SetupCounts): string {
  const n = c.sections_without_meetings;
  const of = c.sections.toLocaleString("en-US");
  const waiting =
    n === c.sections
      ? `${n === 1 ? "the class has no meeting time yet, so it is" : `none of the ${of} classes has a meeting time yet, so they are`} on nobody's calendar`
      : `${n.toLocaleString("en-US")} of the ${of} classes ${n === 1 ? "has no meeting time yet, so it is" : "have no meeting time yet, so they are"} on nobody's calendar`;
  const handMade = c.sections_without_meetings - c.sis_sections_without_meetings;
  const reimport =
    c.timetable_blocks === 0
      ? `: the roster came before the bell schedule. Save the bell schedule first, its blocks labelled as the SIS names its periods ("Block 3", "Period 3" or "3"), then import the roster again on the Imports page (or let the nightly sync run): each class's periods are then matched to those blocks.`
      : `: import the roster again on the Imports page (or let the nightly sync run): each class's periods are matched to the bell schedule's blocks by label ("Block 3", "Period 3" or "3"), and its dry run asks about any period that matches none.`;
  if (c.sis_sections_without_meetings === 0) return `${waiting}: give ${n === 1 ? "it" : "each"} its blocks on its course page.`;
  return `${waiting}${reimport}${handMade === 1 ? " Give the other class its blocks on its course page." : handMade > 1 ? ` Give the other ${handMade.toLocaleString("en-US")} classes their blocks on their course pages.` : ""}`;
}

/** The sign-in methods this server offers: passwords always, single sign-on when the environment sets it. */
function signInDetail(): string {
  const names = ssoProviders().map((provider) =>
    provider.id === "google"
      ? "Google"
      : provider.id === "azure-ad"
        ? "Microsoft Entra ID"
        : "your school's provider",
  );
  if (names.length === 0) {
    return "Password sign-in: staff sign in with their email, students with their student number. Single sign-on (Google, Microsoft) is not set up; IT turns it on in the server's environment.";
  }
  return `Password sign-in, and single sign-on with ${names.join(" and ")}.`;
}

/** The optional email step: set up or not, and whether a test message got through. */
function emailDetail(c: SetupCounts): string {
  const mail = mailStatus();
  if (!mail.configured) {
    return "Optional. Email is not set up, so Flexblock tells people only inside the app and by push. IT sets SMTP_URL and MAIL_FROM in the server's environment to send reminders, change notices, morning lists, password links and family summaries by email.";
  }
  if (c.mail_tested_at === null) return `Email is set up, sent as ${mail.from}. Send yourself a test message to check that it arrives.`;
  return `Email works: a test message reached ${c.mail_tested_to ?? "you"} on ${dateText(c.mail_tested_at.slice(0, 10))}. Sent as ${mail.from}.`;
}

function items(c: SetupCounts, helpIds: Record<string, number>): ChecklistItem[] {
  const named = Boolean(c.school_name?.trim()) && c.school_name!.trim() !== DEFAULT_SCHOOL_NAME;
  const dayTypes = dayTypesOf(c.day_types);
  const year = c.year_start && c.year_end ? `${dateText(c.year_start)} to ${dateText(c.year_end)}` : null;
  const terms = distinctTerms(c);
  const closed = closedSchoolDays(c);
  const item = (key: SetupKey, done: boolean, detail: string, href: string): ChecklistItem => {
    const id = helpIds[SETUP_HELP[key].slug];
    return { key, title: SETUP_HELP[key].step, done, detail, href, help: id ? `/wiki/post/${id}` : null };
  };
  return [
    item(
      "school_identity",
      named && Boolean(c.timezone),
      named
        ? `${c.school_name!.trim()}, in the ${c.timezone} time zone.`
        : `The school is still called "${DEFAULT_SCHOOL_NAME}": give it its name, and check the time zone (${c.timezone ?? "not set"}).`,
      "/settings",
    ),
    item(
      "year_and_terms",
      c.school_days > 0 && c.terms > 0,
      c.school_days === 0
        ? `No school days${year ? ` from ${year}` : ""}: set the year's first and last day and the days of the week the school meets.`
        : c.terms === 0
          ? `${year ? `${year}: ` : ""}${count(c.school_days, "school day")}, but no terms yet: add the year's terms (semesters or quarters).`
          : `${year ? `${year}: ` : ""}${count(c.school_days, "school day")}, ${count(terms.count, "term")}.${
              terms.copied.length
                ? ` ${listed(terms.copied)} ${terms.copied.length === 1 ? "is" : "are each"} there more than once, with the same dates: keep one of each on the School year page.`
                : ""
            }`,
      "/calendar/year",
    ),
    item(
      "bell_schedule",
      c.timetables > 0 && c.timetable_blocks > 0,
      c.timetables === 0 || c.timetable_blocks === 0
        ? "No bell schedule yet: add the blocks, the day types they meet on and their times."
        : `${
            c.cycle_kind === "rotation"
              ? `A rotation of ${count(dayTypes.length, "day type")} (${dayTypes.join(", ")})`
              : "A weekly timetable"
          }, ${count(c.timetable_blocks, "block")}.`,
      "/calendar/timetable",
    ),
    item(
      "focus_block",
      c.focus_days > 0,
      c.focus_blocks === 0
        ? 'No flex block called "Focus Block" yet: add it to the bell schedule, on the days it meets.'
        : c.focus_days === 0
          ? "The Focus Block meets on no school day: give it its times on the bell schedule."
          : `The Focus Block meets on ${count(c.focus_days, "school day")}, first on ${dateText(c.first_focus_day!)}.`,
      "/calendar/timetable",
    ),
    item(
      "days_without_school",
      closed > 0,
      closed === 0
        ? "No holidays or other days without school yet: add them on the calendar, or import the district's calendar file."
        : `${count(closed, "day")} without school (holidays, professional days).`,
      "/calendar",
    ),
    item(
      "staff",
      c.staff >= 2 && c.staff_taking_students > 0,
      c.staff < 2
        ? `${c.staff === 0 ? "No staff members" : "Only 1 staff member"} yet: add your teachers one at a time or from a CSV file.`
        : c.staff_taking_students === 0
          ? `None of the ${count(c.staff, "staff member")} takes Focus Block students: turn it on for your teachers.`
          : `${count(c.staff, "staff member")}, ${c.staff_taking_students.toLocaleString("en-US")} of them taking Focus Block students.`,
      "/staff",
    ),
    item(
      "students",
      c.students > 0,
      c.students === 0
        ? "No students yet: add them one at a time, or import a CSV file from your student information system."
        : `${count(c.students, "student")}.`,
      "/students",
    ),
    // Default placement puts a student who did not choose with their homeroom teacher: without one, nowhere.
    item(
      "homerooms",
      c.students > 0 && c.students_with_homeroom === c.students,
      c.students === 0
        ? "No students yet: their homeroom teachers come with them."
        : c.students_with_homeroom === c.students
          ? `Every student has a homeroom teacher (default placement uses it).`
          : `${c.students_with_homeroom.toLocaleString("en-US")} of ${count(c.students, "student")} have a homeroom teacher: default placement cannot place the others. Import the roster with its homeroom classes, or a student CSV with a Homeroom column (a homeroom code, or the teacher's email or name).`,
      "/imports",
    ),
    item(
      "courses_and_enrolments",
      c.courses_with_students > 0 && c.sections_without_meetings === 0,
      c.courses === 0
        ? "No courses yet: add the courses and enrol their students (or import them with the roster)."
        : c.courses_with_students === 0
          ? `${count(c.courses, "course")}, but no students enrolled in any of them yet.`
          : `${count(c.courses, "course")}, ${c.courses_with_students.toLocaleString("en-US")} with students (${count(c.enrolments, "enrolment")}).${
              c.sections_without_meetings > 0 ? ` But ${meetingsMissing(c)}` : ""
            }`,
      c.sis_sections_without_meetings > 0 ? "/imports" : "/courses",
    ),
    // Password sign-in always works: this step says which methods there are.
    item(
      "sign_in",
      true,
      signInDetail(),
      helpIds[SETUP_HELP.sign_in.slug] ? `/wiki/post/${helpIds[SETUP_HELP.sign_in.slug]}` : "/wiki",
    ),
    { ...item("email", mailStatus().configured && c.mail_tested_at !== null, emailDetail(c), "/settings/email"), optional: true, mail_configured: mailStatus().configured },
  ];
}

function previewOf(rows: PreviewRow[], c: SetupCounts): SetupChecklist["preview"] {
  if (rows.length === 0) return null;
  const days = new Map<string, PreviewDay>();
  for (const row of rows) {
    let day = days.get(row.date);
    if (!day) {
      day = {
        date: row.date,
        label: `${dayLabel(row.date, "").day} ${dateText(row.date)}`,
        day_type: row.day_type,
        bell_schedule: row.bell_schedule,
        blocks: [],
      };
      days.set(row.date, day);
    }
    if (row.block_id !== null) {
      day.blocks.push({
        id: row.block_id,
        label: row.label!,
        flex: Boolean(row.flex),
        start: row.start!,
        end: row.end!,
      });
    }
  }
  const list = [...days.values()];
  return { first_day: list[0]!.date, days: list, teachers_taking_students: c.staff_taking_students };
}

export async function setupChecklist(db: Db, now: Date): Promise<SetupChecklist> {
  const counts = await setupCounts(
    db,
    Object.values(SETUP_HELP).map((step) => step.slug),
  );
  const today = schoolToday(counts.timezone || "UTC", now);
  const preview = await firstWeekPreview(db, today);
  return { items: items(counts, helpIdsOf(counts.help)), preview: previewOf(preview, counts) };
}
