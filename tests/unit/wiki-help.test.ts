/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { MIN_PASSWORD_LENGTH, PASSWORD_FORM_MESSAGES } from "@/lib/auth/password-rules";
import { METHOD_LABELS } from "@/components/calendar/method-labels";
import { BLOCK_AMENDED, NO_SCHEDULE, STILL_TO_CHOOSE, badgeLabel } from "@/components/calendar/tile-rules";
import { NAV_ITEMS } from "@/components/shell/nav-items";
import {
  DASHBOARD,
  IMPORT_CSV,
  POWER_SCHEDULER,
  RESET_PASSWORD,
  STUDENT_PLANNING,
} from "@/lib/wiki/help/admin-posts.server";
import { APPOINTMENTS, CALENDAR_COLOURS, CHECK_IN, KEYBOARD, WELCOME } from "@/lib/wiki/help/staff-posts.server";
import { LEAVE_WARNING, MAX_CHIPS, SEPARATOR_KEYS, checkInResultMessage } from "@/lib/checkin/chips";
import { ACTION_INFO } from "@/lib/credentials/schemas";
import { MAX_CSV_ROWS, MAX_FILES_PER_UPLOAD, fieldChoices } from "@/lib/imports/fields";
import { MAX_APPOINTMENT_MEMO } from "@/lib/schedule/schemas";
import { screenSource } from "../helpers/screen-source";

/**
 * The seeded wiki teaches the product, so it must say what the screens say. Each claim below is a
 * phrase a post quotes (a button, a field, a message) and the file that puts it on the screen: the
 * post must contain it, and so must that file. Renaming a button without its help page fails here,
 * and so does help that describes a control the screens do not have.
 */
const root = path.join(__dirname, "..", "..");

/** Every English text of a catalogue namespace (lib/i18n/messages), in one string. */
function englishOf(namespace: string): string {
  const file = path.join(root, "lib", "i18n", "messages", `${namespace}.json`);
  if (!fs.existsSync(file)) return "";
  const texts = (value: unknown): string[] =>
    typeof value === "string" ? [value] : Object.values(value as Record<string, unknown>).flatMap(texts);
  return texts((JSON.parse(fs.readFileSync(file, "utf8")) as { en: unknown }).en).join("\n");
}

/** A screen's file and the English texts it shows from its catalogues (`useTranslations("namespace…")`). */
function source(file: string): string {
  const code = fs.readFileSync(path.join(root, file), "utf8");
  const namespaces = new Set([...code.matchAll(/useTranslations\("([A-Za-z]+)/g)].map((match) => match[1]!));
  return [code, ...[...namespaces].map(englishOf)].join("\n");
}
/** Markdown as a reader sees it: no emphasis marks or line breaks inside a sentence. */
const plain = (body: string) => body.replace(/[*`]/g, "").replace(/\s+/g, " ");

type Claims = Record<string, string[]>;

function expectClaims(post: { title: string; body: string }, claims: Claims) {
  const text = plain(post.body);
  const unsaid: string[] = [];
  const unbuilt: string[] = [];
  for (const [file, phrases] of Object.entries(claims)) {
    // A translated screen's words are in its English catalogue (lib/i18n/messages).
    const code = screenSource(file);
    for (const phrase of phrases) {
      if (!text.includes(phrase)) unsaid.push(phrase);
      if (!code.includes(phrase)) unbuilt.push(`${phrase} (${file})`);
    }
  }
  expect({ post: post.title, unsaid, unbuilt }).toEqual({ post: post.title, unsaid: [], unbuilt: [] });
}

/** Phrases the post must contain that come from the product's own constants. */
function expectSays(post: { title: string; body: string }, phrases: string[]) {
  const text = plain(post.body);
  expect({ post: post.title, unsaid: phrases.filter((p) => !text.includes(p)) }).toEqual({
    post: post.title,
    unsaid: [],
  });
}

describe("the seeded help says what the screens say", () => {
  it("Welcome to the Wiki", () => {
    expectClaims(WELCOME, {
      "components/shell/help-menu.tsx": ["Flexblock Wiki", "Provide Feedback"],
      "components/profile/capacity-dialog.tsx": ["Set Capacity"],
      "components/calendar/staff-block-sections.tsx": ["Set Topic"],
      "components/topics/topic-form.tsx": ["Unavailable"],
      "components/feedback/feedback-dialog.tsx": ["You may reply to me"],
      "components/shell/account-menu.tsx": ["Profile"],
      "components/people/list-parts.tsx": ["Clusters"],
    });
    const labels = NAV_ITEMS.map((item) => item.label);
    for (const screen of ["Check-in", "Staff", "Students", "Power Scheduler", "Credentials Manager"]) {
      expect(labels).toContain(screen);
    }
  });

  it("What the calendar colours mean", () => {
    expectClaims(CALENDAR_COLOURS, {
      "components/calendar/block-tile.tsx": ["Attended", "Missed", "Amended"],
      "components/calendar/calendar-toolbar.tsx": ["Today"],
      "components/calendar/dialog-parts.tsx": ["Pending"],
      "components/calendar/plan-picker.tsx": ["Full", "Unavailable"],
    });
    expectSays(CALENDAR_COLOURS, [NO_SCHEDULE, BLOCK_AMENDED, badgeLabel(12)!, STILL_TO_CHOOSE]);
  });

  it("Checking students in with a scanner", () => {
    expectClaims(CHECK_IN, {
      "components/checkin/scan-or-enter.tsx": ["Student numbers", "Check In"],
      "components/checkin/pending-chips.tsx": ["Copy to clipboard", "Download as CSV", "Remove all"],
      "components/checkin/check-in-header.tsx": ["Check-in Errors"],
      "components/profile/student-profile.tsx": ["Print week"],
      "components/checkin/errors-dialog.tsx": ["Clear All"],
      "components/checkin/scheduled-list.tsx": ["Scheduled", "Select all", "Print list"],
      "components/checkin/checked-in-list.tsx": ["Checked In"],
      "components/checkin/date-notices.tsx": [
        "There is no Focus Block today.",
        "No Focus Block on this date.",
      ],
      "components/checkin/air-code-button.tsx": ["Show code"],
      "components/checkin/air-code-view.tsx": ["Air Check-in"],
      "lib/checkin/chips.ts": ["Student Number", "Timestamp"],
    });
    const methods = Object.entries(METHOD_LABELS)
      .filter(([method]) => method !== "amendment")
      .map(([, label]) => label);
    expectSays(CHECK_IN, [
      LEAVE_WARNING,
      MAX_CHIPS.toLocaleString("en-US"),
      checkInResultMessage({ success: Array(24), errors: Array(2) }),
      ...methods,
    ]);
  });

  it("Booking appointments and amendments", () => {
    expectClaims(APPOINTMENTS, {
      "components/calendar/student-block-dialog.tsx": [
        "New appointment",
        "Appointments",
        "Attendance",
        "Amend",
      ],
      "components/calendar/appointment-form.tsx": [
        "Appointment memo",
        "Clear the student's plan for this block",
        "Book appointment",
      ],
      "components/calendar/cancel-appointment.tsx": ["Cancel appointment"],
      "components/calendar/amendment-form.tsx": ["Reason for the amendment", "Amended schedule."],
      "lib/schedule/appointments.server.ts": ["The maximum number of appointments has been reached."],
    });
    expectSays(APPOINTMENTS, [`${MAX_APPOINTMENT_MEMO} characters`, BLOCK_AMENDED]);
  });

  it("Keyboard shortcuts", () => {
    expectClaims(KEYBOARD, {
      "components/shell/app-shell.tsx": ["Skip to content"],
      "components/calendar/phone-week.tsx": ["Home", "End"],
      "components/ui/data-table-pager.tsx": ["Next page", "Previous page"],
      "components/checkin/scan-or-enter.tsx": ["Student numbers"],
    });
    // Check in every waiting number: Ctrl or ⌘ with Enter.
    expect(source("components/checkin/use-entry-text.ts")).toMatch(
      /event\.key === "Enter" && \(event\.ctrlKey \|\| event\.metaKey\)/,
    );
    expectSays(KEYBOARD, ["Ctrl + Enter", "⌘ + Enter"]);
    // The keys that finish a chip.
    expect([...SEPARATOR_KEYS]).toEqual(["Enter", ",", " "]);
    expectSays(KEYBOARD, ["Enter, , or Space"]);
    // Arrow keys on the wide calendar (both directions) and the phone's day tabs.
    for (const key of ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]) {
      expect(source("components/calendar/week-calendar.tsx")).toContain(key);
    }
    // Snackbars: sonner's own hotkey, Alt+T, which the Toaster leaves as it is.
    expect(source("node_modules/sonner/dist/index.mjs")).toMatch(/hotkey = \[\s*'altKey',\s*'KeyT'\s*\]/);
    expect(source("components/ui/snackbar.tsx")).not.toContain("hotkey");
    expectSays(KEYBOARD, ["Alt + T"]);
  });

  it("Importing students from CSV", () => {
    expectClaims(IMPORT_CSV, {
      "components/people/csv-wizard.tsx": ["Choose files", "Order fields", "Upload"],
      "components/people/add-dialog.tsx": ["Single", "File Upload"],
      "components/people/wizard-files.tsx": ["Choose CSV files"],
      "components/people/wizard-fields.tsx": ["Update existing students"],
      "components/people/wizard-upload.tsx": ["Nothing has been written yet."],
      "components/people/dry-run-summary.tsx": ["Would update", "Unchanged"],
      "components/people/wizard-progress.tsx": [
        "Your files have been uploaded. A notification will arrive when the CSVs have been processed.",
      ],
      "components/imports/import-report.tsx": ["Download initial passwords"],
      "components/people/list-parts.tsx": ["Imports"],
      "components/people/default-teacher-field.tsx": ["Default teacher", "No default teacher"],
      "components/people/person-dialog.tsx": ["See Profile"],
      "lib/imports/rows.ts": ["also on row", "is not a valid email address"],
      "lib/imports/plan.ts": ["is not a staff member's", "names more than one staff member: use their email", "belongs to another student"],
      "lib/imports/fields.ts": ["Ignore"],
      "lib/grade-range.ts": ["grade_min", "grade_max"],
      "lib/imports/message.ts": ["accounts created", "rows skipped"],
      "lib/people/admin.server.ts": ["A student with this student number already exists."],
    });
    // Every column a student file may have, by the name a header row uses.
    expectSays(IMPORT_CSV, [
      ...fieldChoices("students"),
      `${MAX_FILES_PER_UPLOAD} files`,
      MAX_CSV_ROWS.toLocaleString("en-US"),
    ]);
  });

  it("Using the Power Scheduler", () => {
    expectClaims(POWER_SCHEDULER, {
      "components/power-scheduler/power-scheduler.tsx": [
        "Select Students",
        "Select Date and Blocks",
        "Select scheduling type",
      ],
      "components/power-scheduler/step-students.tsx": ["All Students", "Some Students"],
      "components/power-scheduler/some-students.tsx": [
        "Add grade",
        "Add cluster",
        "Clear selection",
        "Every student is selected.",
      ],
      "components/power-scheduler/step-dates.tsx": [
        "Start date",
        "End date",
        "Weekdays",
        "Flex blocks",
        "Choose another date or block.",
      ],
      "components/power-scheduler/step-type.tsx": ["Appointment", "Amendment", "Submit"],
      "components/power-scheduler/type-details.tsx": ["A. Staff member", "B. Memo", "Schedule change purpose"],
      "components/power-scheduler/step-done.tsx": [
        "The schedule change has been processed.",
        "Create Another",
      ],
      "components/power-scheduler/batches-list.tsx": ["Batches", "Undo this batch?"],
      "components/power-scheduler/batch-columns.tsx": ["Blocks have started"],
    });
  });

  it("Resetting a student's password", () => {
    expectClaims(RESET_PASSWORD, {
      "components/credentials/credentials-manager.tsx": ["Credentials Manager"],
      "components/credentials/columns.tsx": ["Active", "Disabled", "Account status", "Password status"],
      "lib/credentials/present.ts": ["Valid", "Expired"],
      "components/credentials/reset-passwords-dialog.tsx": [
        "Temporary passwords",
        "Copy all",
        "Download CSV",
        "Done",
      ],
      "components/login/login-errors.ts": [
        "Your account has been locked. Please contact your administrator.",
      ],
      "components/profile/student-self-profile.tsx": ["Change Password"],
      "components/shell/account-menu.tsx": ["Change Password"],
    });
    expectSays(RESET_PASSWORD, [
      ...Object.values(ACTION_INFO).map((action) => action.label),
      ACTION_INFO["reset-passwords"].message,
      PASSWORD_FORM_MESSAGES.expired,
      `${MIN_PASSWORD_LENGTH} characters`,
    ]);
  });

  it("Who is falling through: the Dashboard", () => {
    expectClaims(DASHBOARD, {
      "components/shell/nav-items.ts": ["Dashboard"],
      "components/reports/report-filters.tsx": ["Grade", "Cluster"],
      "components/dashboard/dashboard-filters.tsx": [
        "Homeroom",
        "Teacher",
        "The whole school",
        "Missed N or more",
        "Elsewhere N or more",
      ],
      "components/dashboard/participation-card.tsx": ["Participation", "Show the numbers"],
      "components/dashboard/follow-up-lists.tsx": [
        "Students to follow up",
        "Never chose",
        "Missed",
        "Checked in elsewhere",
        "Waitlisted, never placed",
      ],
      "components/dashboard/not-seen-card.tsx": ["Not seen by their own teachers"],
      "components/dashboard/teacher-load-card.tsx": ["Teacher load"],
      "components/dashboard/load-status.ts": ["Always full", "Always empty"],
      "components/dashboard/unmet-card.tsx": ["Unmet"],
      "components/reports/download-button.tsx": ["Download CSV"],
      "components/ui/print-button.tsx": ["Print"],
    });
  });

  it("Planning your Focus Block (for students)", () => {
    expectClaims(STUDENT_PLANNING, {
      "components/calendar/plan-picker.tsx": ["Set Plan successfully.", "Full", "Unavailable"],
      "lib/requests/locks.ts": ["has booked you", "to change it"],
      "lib/core/schedule/reason.ts": ["to come", "may still choose", "usual on"],
      "lib/schedule/plans.server.ts": [
        "Default placement has run for this Focus Block, so your teacher can no longer change.",
      ],
      "components/login/login-form.tsx": ["Remember me"],
      "components/profile/student-self-profile.tsx": ["Sign Out"],
      "components/checkin/air-code-entry.tsx": ["Check in with a code"],
      "components/placement/student-to-do.tsx": ["Choose", "without a teacher", "homeroom teacher"],
      "components/profile/standing-choices.tsx": ["My usual choices", "Every", "With", "From", "Until", "Add usual choice", "Remove"],
      "components/calendar/choose-until.tsx": ["You can choose until"],
      "lib/choice/deadlines.ts": ["Choosing closed at"],
    });
    expectSays(STUDENT_PLANNING, [
      NO_SCHEDULE,
      BLOCK_AMENDED,
      STILL_TO_CHOOSE,
      `${MIN_PASSWORD_LENGTH} characters`,
    ]);
  });
});
