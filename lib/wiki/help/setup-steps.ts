/**
 * The setup checklist's steps (GET /api/setup, the /setup page and their help posts), in order. Client
 * safe: the page and the wiki's help (lib/wiki/help/admin-posts.server.ts) read the same names. It lives with
 * the help the steps link to, below lib/setup (whose first run ships that help).
 */
export const SETUP_HELP = {
  school_identity: { step: "School name and time zone", slug: "setup-school-identity" },
  year_and_terms: { step: "School year and terms", slug: "setup-year-and-terms" },
  bell_schedule: { step: "Bell schedule", slug: "setup-bell-schedule" },
  focus_block: { step: "Focus Block", slug: "setup-focus-block" },
  days_without_school: { step: "Days without school", slug: "setup-days-without-school" },
  staff: { step: "Staff", slug: "setup-staff" },
  students: { step: "Students", slug: "setup-students" },
  homerooms: { step: "Homerooms", slug: "setup-homerooms" },
  courses_and_enrolments: { step: "Courses and enrolments", slug: "setup-courses" },
  sign_in: { step: "Sign-in", slug: "setup-sign-in" },
  email: { step: "Email", slug: "setup-email" },
} as const;

export type SetupKey = keyof typeof SETUP_HELP;
export const SETUP_KEYS = Object.keys(SETUP_HELP) as SetupKey[];
