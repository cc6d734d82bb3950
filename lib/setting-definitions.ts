/* eslint-disable max-lines -- the table of every setting's definition: data, not logic */
import { DEFAULT_GRADE_RANGE, GRADE_CEILING, GRADE_FLOOR } from "@/lib/grade-range";

/**
 * Every setting the product knows, its group, type and default. Stored rows are created from this list.
 * Pure data at the bottom of lib: the settings service, the sign-in policy (lib/auth) and the setup
 * checklist all read it, so it imports nothing but the grades' bounds and defaults (lib/grade-range.ts,
 * itself import-free), which the grade settings take from there rather than repeating them.
 */
export type SettingType = "boolean" | "numeric" | "datetime" | "string";

export interface SettingDefinition {
  key: string;
  group: string;
  type: SettingType;
  description: string;
  /** Default as stored (text); a function when it depends on the moment the school is set up. */
  default: string | ((now: Date) => string);
  min?: number;
  max?: number;
  /** Served to signed-out clients (the login screen). */
  public?: boolean;
  /** Changed only by a sysadmin (PUT /api/settings answers anyone else 403); everyone signed in may read it. */
  sysadminOnly?: boolean;
}

export const SETTING_GROUPS = [
  { name: "General settings", description: "Common settings for Flexblock" },
  { name: "Calendar", description: "Change calendar settings" },
  { name: "Air Check-in", description: "Control how Air Check-in works" },
  { name: "Privacy", description: "Manage privacy options for Flexblock" },
  {
    name: "Default placement",
    description: "Give students who did not choose a teacher their default teacher",
  },
  { name: "Choosing", description: "Deadlines, waitlists and standing choices for Focus Blocks" },
  { name: "Sign-in", description: "Choose how students and staff sign in" },
  { name: "Notifications", description: "Choose what Flexblock sends by email and push, and when" },
] as const;

const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** 1 September before (or at) now, and 30 June after it, at local midnight in UTC terms. */
const schoolYearStart = (now: Date) =>
  `${now.getUTCMonth() >= 7 ? now.getUTCFullYear() : now.getUTCFullYear() - 1}-09-01`;
const schoolYearEnd = (now: Date) =>
  `${now.getUTCMonth() >= 7 ? now.getUTCFullYear() + 1 : now.getUTCFullYear()}-06-30`;

export const SETTINGS: readonly SettingDefinition[] = [
  {
    key: "school_name",
    group: "General settings",
    type: "string",
    description: "The school's name, shown on the login screen and in the sidebar.",
    default: "My School",
    max: 120,
    public: true,
  },
  {
    key: "school_logo",
    group: "General settings",
    type: "string",
    description: "The school's logo (PNG, JPEG or WebP, at most 1 MB).",
    default: "",
    max: 300,
    public: true,
  },
  {
    key: "timezone",
    group: "General settings",
    type: "string",
    description: "The school's time zone (an IANA name such as America/Vancouver). Every date uses it.",
    default: serverTimeZone,
    max: 64,
  },
  {
    key: "default-locale",
    group: "General settings",
    type: "string",
    description: "The language for anyone who has not chosen one and whose browser asks for none Flexblock speaks.",
    default: "en",
    max: 10,
  },
  {
    key: "start_datetime",
    group: "General settings",
    type: "datetime",
    description: "The first day of the school year.",
    default: schoolYearStart,
  },
  {
    key: "end_datetime",
    group: "General settings",
    type: "datetime",
    description: "The last day of the school year.",
    default: schoolYearEnd,
  },
  {
    key: "attendance_from",
    group: "General settings",
    type: "datetime",
    description:
      "Attendance counts from this date (the day the school started using Flexblock): no student is ever absent before it.",
    default: (now: Date) => now.toISOString().slice(0, 10),
  },
  {
    key: "weekends",
    group: "General settings",
    type: "boolean",
    description: "Show Saturday and Sunday in weekly schedules.",
    default: "false",
  },
  {
    key: "include_days",
    group: "Calendar",
    type: "string",
    description: "Days of the week the school meets (1 = Sunday … 7 = Saturday).",
    default: "2,3,4,5,6",
    max: 20,
  },
  {
    key: "appointment_limit",
    group: "Calendar",
    type: "numeric",
    description: "The most appointments a student may have in one block on one date (0 for no limit).",
    default: "1",
    min: 0,
    max: 20,
  },
  {
    key: "air-check-in",
    group: "Air Check-in",
    type: "boolean",
    description: "Allow Air Check-in.",
    default: "true",
  },
  {
    key: "air-check-in-minutes-before",
    group: "Air Check-in",
    type: "numeric",
    description:
      "Minutes before the Focus Block starts that students may check themselves in (with a code or at a kiosk).",
    default: "5",
    min: 0,
    max: 720,
  },
  {
    key: "air-check-in-minutes-after",
    group: "Air Check-in",
    type: "numeric",
    description: "Minutes after the Focus Block ends that students may still check themselves in.",
    default: "0",
    min: 0,
    max: 720,
  },
  {
    key: "grade_min",
    group: "General settings",
    type: "numeric",
    description:
      "The school's lowest grade (0 for kindergarten, -1 for pre-K). Students and imports outside the range are refused.",
    default: String(DEFAULT_GRADE_RANGE.min),
    min: GRADE_FLOOR,
    max: GRADE_CEILING,
  },
  {
    key: "grade_max",
    group: "General settings",
    type: "numeric",
    description: "The school's highest grade.",
    default: String(DEFAULT_GRADE_RANGE.max),
    min: GRADE_FLOOR,
    max: GRADE_CEILING,
  },
  {
    key: "seniors_from_grade",
    group: "General settings",
    type: "numeric",
    description: "Students in this grade or above are Seniors (the students list's class filter).",
    default: String(DEFAULT_GRADE_RANGE.seniorsFrom),
    min: GRADE_FLOOR,
    max: GRADE_CEILING,
  },
  {
    key: "show-student-numbers",
    group: "Privacy",
    type: "boolean",
    description:
      "Show student numbers to teachers in lists, profiles, the Unscheduled list and reports (with their CSV and the SIS export). Administrators always see them.",
    default: "false",
  },
  {
    key: "placement_cutoff",
    group: "Default placement",
    type: "string",
    description:
      "When students who have not chosen are placed with their default teacher: a time on the Focus Block's day (08:00), or hours before it starts (2h). Empty: no default placement.",
    default: "",
    max: 10,
  },
  {
    key: "placement_change_after",
    group: "Default placement",
    type: "boolean",
    description:
      "Students may still change their teacher after they were placed, until the Focus Block starts.",
    default: "true",
  },
  {
    key: "choice-deadline",
    group: "Choosing",
    type: "string",
    description:
      "Until when students may choose their teacher for a Focus Block: a time on its day (08:00), or hours before it starts (2h). Empty: until it ends. A day in the calendar may set its own.",
    default: "",
    max: 10,
  },
  {
    key: "request-deadline",
    group: "Choosing",
    type: "string",
    description:
      "Until when teachers may book students (requests and appointments) for a Focus Block; after it only an administrator may: a time on its day (08:00), or hours before it starts (2h). Empty: until it ends.",
    default: "",
    max: 10,
  },
  {
    key: "waitlist-mode",
    group: "Choosing",
    type: "string",
    description:
      "When a seat frees with a full teacher: auto (the first on the waitlist is placed at once) or offer (the seat is held for them for the minutes below, then offered to the next).",
    default: "auto",
    max: 5,
  },
  {
    key: "waitlist-offer-minutes",
    group: "Choosing",
    type: "numeric",
    description:
      "In offer mode, how many minutes a freed seat is held for the first student on the waitlist.",
    default: "30",
    min: 1,
    max: 1440,
  },
  {
    key: "waitlist-limit",
    group: "Choosing",
    type: "numeric",
    description: "How many waitlists a student may be on for one Focus Block.",
    default: "3",
    min: 0,
    max: 10,
  },
  {
    key: "standing-choice-days",
    group: "Choosing",
    type: "numeric",
    description: "How many days ahead a student's standing choices fill their Focus Blocks.",
    default: "14",
    min: 1,
    max: 60,
  },
  {
    key: "check-in-move",
    group: "General settings",
    type: "boolean",
    description:
      "Let a teacher move a student checked in by another teacher to their own Checked In list (recorded in the audit log).",
    default: "false",
  },
  {
    key: "password-sign-in-students",
    group: "Sign-in",
    type: "boolean",
    description:
      "Students may sign in with their student number and a password. Off: students sign in only with their school account (single sign-on; until it is set up on the server, passwords stay allowed).",
    default: "true",
  },
  {
    key: "password-sign-in-teachers",
    group: "Sign-in",
    type: "boolean",
    description: "Teachers may sign in with their email and a password. Off: only with their school account.",
    default: "true",
  },
  {
    key: "password-sign-in-administrators",
    group: "Sign-in",
    type: "boolean",
    description:
      "Administrators may sign in with their email and a password. Off: only with their school account. Sysadmins always may.",
    default: "true",
  },
  {
    key: "sso-student-id-claim",
    group: "Sign-in",
    type: "string",
    description:
      "The claim of your identity provider that carries a student's SIS identifier or student number (for example employee_id). Students whose school email is not on their record are matched by it. Empty: by email only.",
    default: "",
    max: 64,
  },
  {
    key: "sis-administrators-are-administrators",
    group: "Sign-in",
    type: "boolean",
    description:
      "The SIS's administrators are Flexblock administrators: a OneRoster import gives the administrator flag to each person the SIS calls an administrator (in most SIS, office staff too). Off: the import makes them staff, lists them, and an administrator gives the flag here. Only a system administrator can change this.",
    default: "false",
    sysadminOnly: true,
  },
  {
    key: "roster-source-allow-http",
    group: "Sign-in",
    type: "boolean",
    description:
      "The roster source (the SIS's OneRoster REST address) may be plain http on the school's network. Off: only https, or http on this server itself (127.0.0.1, localhost). The client secret travels unencrypted over http. Only a system administrator can change this.",
    default: "false",
    sysadminOnly: true,
  },
  {
    key: "school-networks",
    group: "Sign-in",
    type: "string",
    description:
      "The addresses your students and staff reach Flexblock from at school, as CIDR ranges separated by commas (for example 203.0.113.0/24, 2001:db8:1200::/48). Sign-ins from them are never limited as a group, only per account, so a whole school behind one address is never slowed. Empty: every address is limited on its own.",
    default: "",
    max: 1000,
  },
  {
    key: "sso-sysadmins",
    group: "Sign-in",
    type: "boolean",
    description:
      "System administrators may sign in with their school account (single sign-on). Off: a system administrator signs in only with their password. Only a system administrator can change this.",
    default: "false",
    sysadminOnly: true,
  },
  {
    key: "sso-choose-account-students",
    group: "Sign-in",
    type: "boolean",
    description:
      "At each single sign-on, students choose their school account again (Google, Microsoft) or sign in to it again (other providers), so on a shared computer nobody is signed in as the student before them. Off: a student still signed in to their school account in this browser is signed in without a question.",
    default: "true",
  },
  {
    key: "sso-choose-account-teachers",
    group: "Sign-in",
    type: "boolean",
    description:
      "At each single sign-on, teachers choose their school account again (or sign in to it again). Off: a teacher still signed in to their school account in this browser is signed in without a question (their own computer).",
    default: "false",
  },
  {
    key: "sso-choose-account-administrators",
    group: "Sign-in",
    type: "boolean",
    description:
      "At each single sign-on, administrators choose their school account again (or sign in to it again). Off: without a question, as for teachers. System administrators are always asked.",
    default: "false",
  },
  {
    key: "reminder-not-chosen",
    group: "Notifications",
    type: "string",
    description:
      "Remind students who have not chosen a teacher for a Focus Block: a time on the school day before (14:00), or hours before the block starts (3h). Empty: no reminder.",
    default: "",
    max: 10,
  },
  {
    key: "teacher-digest",
    group: "Notifications",
    type: "string",
    description:
      "Send each teacher who takes students the list of who is coming, at this time on days with a Focus Block (07:30). Empty: no morning list.",
    default: "",
    max: 5,
  },
  {
    key: "password-reset-by-email",
    group: "Notifications",
    type: "string",
    description:
      "Who may reset a forgotten password from a link sent by email: staff, everyone (staff and students with an email on their record) or off.",
    default: "staff",
    max: 10,
    public: true,
  },
  {
    key: "guardian-digest",
    group: "Notifications",
    type: "string",
    description:
      "Email each student's family contacts a summary of the week's Focus Blocks on this day, at 16:00 or the time given (friday, or friday 15:30). Empty: no family summary.",
    default: "",
    max: 16,
  },
  {
    key: "quiet-hours",
    group: "Notifications",
    type: "string",
    description:
      "Nothing scheduled is sent between these times (school time), only password links and an administrator's send-now: 21:00-07:00. Empty: no quiet hours.",
    default: "21:00-07:00",
    max: 11,
  },
  {
    key: "mandatory-notifications",
    group: "Notifications",
    type: "string",
    description:
      "Kinds of message nobody can turn off, separated by commas: reminders, changes, digest. Empty: everyone chooses.",
    default: "",
    max: 40,
  },
];
