import {
  DASHBOARD,
  IMPORT_CSV,
  IMPORT_ONEROSTER,
  POWER_SCHEDULER,
  RESET_PASSWORD,
  SETUP_POSTS,
  STUDENT_PLANNING,
} from "./admin-posts.server";
import { CHOOSING } from "./choosing-post.server";
import { CHOOSING_ES, STUDENT_PLANNING_ES } from "./for-students.es.server";
import { CHOOSING_FR, STUDENT_PLANNING_FR } from "./for-students.fr-CA.server";
import { APPOINTMENTS, CALENDAR_COLOURS, CHECK_IN, KEYBOARD, WELCOME } from "./staff-posts.server";

/**
 * The product's own help, shipped with every database (lib/wiki/help/ship.server.ts): groups by who they are
 * for, and the change log. Posts link to each other as `(post:slug)`; shipping turns those into
 * `/wiki/post/{id}` once the ids exist. Keys never change: they tie a school's copy to the release's.
 */

/** The languages besides English a product post or group may also be written in (lib/i18n/locales.ts). */
export type HelpLocale = "fr-CA" | "es";

export interface HelpPost {
  slug: string;
  title: string;
  body: string;
  /**
   * The same post in other languages. The database keeps the English (its revision is English's); the
   * Help screen shows a translation to a reader in that language while the school's copy is unedited
   * (lib/wiki/help/translated.server.ts).
   */
  translations?: Partial<Record<HelpLocale, { title: string; body: string }>>;
}

export interface HelpGroup {
  key: string;
  title: string;
  subtitle: string;
  /** "everyone": students read it too, on their Help screen. */
  audience: "staff" | "everyone";
  posts: HelpPost[];
  /** The group's title and subtitle in other languages, shown while the school has not renamed it. */
  translations?: Partial<Record<HelpLocale, { title: string; subtitle: string }>>;
}

export const CHANGE_LOG: HelpPost = {
  slug: "change-log",
  title: "Flexblock 1.2 release notes",
  body: `## 1.2.9
- A fresh installation is a working, empty school: a one-time setup link creates the first administrator,
  and every setting and this help exist from the first start.
- Students read the help written for them under **Help** on their own page.
- Refresh buttons on the schedule, check-in and student pages reload the data without reloading the page.
- Faster weekly schedules for large schools.

## 1.2.8
- Students can no longer plan their own Focus Block once a teacher has booked them an appointment
  for it; staff can clear the student's plan when booking.
- Teachers can mark a topic as **unavailable**; students cannot plan into that block while it is scheduled.

## 1.2.7
- **Classroom capacity.** Each teacher has a capacity (30 by default). Students cannot plan into a
  Focus Block that is full, even when two of them try at the same moment.
- Duplicate check-ins for the same student and block are refused.

## 1.2.6
- **Appointment limit.** A new *appointment_limit* setting caps how many appointments a student can
  have in one block on one date (0 for no limit).
- Backdated and advance check-ins keep the moment they were captured and show as *retroactive* or *proactive*.

## 1.2.5
- **Credentials manager** for administrators: reset passwords, expire passwords, and disable or
  re-enable accounts for many users at once.

## 1.2.4
- **Check-in errors list.** Student numbers that could not be checked in stay on screen with the reason.

## 1.2.3
- **Forced password change.** New accounts and reset passwords must be changed at the first sign-in.
  Cancelling the change signs you out.
- Signing out ends the session on the server.

## 1.2.2
- **Remembered users.** The sign-in screen remembers the accounts used on this device, so you can
  pick yours instead of typing it.

## 1.2.1
- Global amendments: cancel the Focus Block for every student on a date.
- Bug fixes and speed improvements.

## 1.2.0
- Topics, the Power Scheduler and notifications between staff.
`,
};

export const HELP_GROUPS: readonly HelpGroup[] = [
  {
    key: "getting-started",
    title: "Getting started",
    subtitle: "For every teacher and administrator: finding your way, reading calendars, the keyboard",
    audience: "staff",
    posts: [WELCOME, CALENDAR_COLOURS, KEYBOARD],
  },
  {
    key: "teaching",
    title: "Teaching with Flexblock",
    subtitle: "Checking students in, appointments and amendments, day to day",
    audience: "staff",
    posts: [CHECK_IN, APPOINTMENTS],
  },
  {
    key: "administering",
    title: "For administrators",
    subtitle: "Rosters, scheduling many students at once, passwords, and who is falling through",
    audience: "staff",
    posts: [IMPORT_CSV, IMPORT_ONEROSTER, POWER_SCHEDULER, RESET_PASSWORD, DASHBOARD],
  },
  {
    key: "setting-up",
    title: "Setting up your school",
    subtitle: "For administrators: each step of the Setup checklist, before the first Focus Block",
    audience: "staff",
    posts: SETUP_POSTS,
  },
  {
    key: "for-students",
    title: "For students",
    subtitle: "Students read these pages under Help on their own page",
    audience: "everyone",
    posts: [
      { ...STUDENT_PLANNING, translations: { "fr-CA": STUDENT_PLANNING_FR, es: STUDENT_PLANNING_ES } },
      { ...CHOOSING, translations: { "fr-CA": CHOOSING_FR, es: CHOOSING_ES } },
    ],
    translations: {
      "fr-CA": { title: "Pour les élèves", subtitle: "Les élèves lisent ces pages sous Aide, sur leur propre page" },
      es: { title: "Para estudiantes", subtitle: "Los estudiantes leen estas páginas en Ayuda, en su propia página" },
    },
  },
  {
    key: "change-log",
    title: "Change Log",
    subtitle: "What changed in each release",
    audience: "staff",
    posts: [CHANGE_LOG],
  },
];

/** The author shown on the product's help posts. */
export const HELP_AUTHOR = "Flexblock";

const LINK = /\[([^\]]*)\]\(post:([a-z0-9-]+)\)/g;

/**
 * Markdown with `(post:slug)` links pointing at the posts' pages. A link to a post this school deleted
 * becomes its plain text.
 */
export function resolvePostLinks(body: string, idOf: (slug: string) => number | undefined): string {
  return body.replace(LINK, (_, text: string, slug: string) => {
    const id = idOf(slug);
    return id === undefined ? text : `[${text}](/wiki/post/${id})`;
  });
}
