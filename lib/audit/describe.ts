import { dayLabel } from "@/lib/core/time";

/**
 * An audit entry's details in words, as the /audit page and its CSV show them (in
 * words a person reads, not key: value dumps). Known actions get a sentence; any other action's details
 * are spelled out field by field in plain words, ids left out (the entry's actor and target already
 * name the people), changes as "from … to …". Pure, so it is unit tested.
 */

type Details = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value : typeof value === "number" ? String(value) : null;

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/** "2026-11-24" → "Tue Nov 24, 2026"; anything else as it is. */
function day(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return raw;
  const label = dayLabel(raw, "");
  return `${label.day} ${label.full_date}`;
}

/** `snake_case` and `kebab-case` keys as words: "show_student_numbers" → "show student numbers". */
const words = (key: string) => key.replace(/[._-]+/g, " ").trim();

/** One value in words: lists joined, yes/no, nothing for empty, nested objects field by field. */
function valueWords(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return /^\d{4}-\d{2}-\d{2}$/.test(value) ? day(value) : `“${value}”`;
  if (typeof value === "number") return value.toLocaleString("en-US");
  if (Array.isArray(value)) {
    const parts = value.map(valueWords).filter((part): part is string => part !== null);
    return parts.length === 0 ? null : parts.join(", ");
  }
  if (typeof value === "object") {
    const object = value as Details;
    if ("from" in object || "to" in object) return change(object.from, object.to);
    return fields(object);
  }
  return String(value);
}

function change(from: unknown, to: unknown): string {
  return `from ${valueWords(from) ?? "nothing"} to ${valueWords(to) ?? "nothing"}`;
}

/** Each field as "its name, its value" ("label “Room 12 door”"), ids left out; "" when nothing is left. */
function fields(details: Details): string {
  return Object.entries(details)
    .filter(([key]) => key !== "id" && !key.endsWith("_id") && !key.endsWith("_ids"))
    .flatMap(([key, value]) => {
      const said = valueWords(value);
      return said === null ? [] : [`${words(key)} ${said}`];
    })
    .join("; ");
}

/** "changed email from “a” to “b”; administrator from no to yes" from {changes: {field: [before, after]}}. */
function changes(details: Details): string | null {
  const list = details.changes;
  if (!list || typeof list !== "object") return null;
  // Each change is {from, to} (settings) or [before, after] (people).
  const parts = Object.entries(list as Details).map(([key, value]) =>
    Array.isArray(value) && value.length === 2
      ? `${words(key)} ${change(value[0], value[1])}`
      : `${words(key)} ${valueWords(value) ?? "changed"}`,
  );
  return parts.length === 0 ? null : `Changed ${parts.join("; ")}.`;
}

type Describe = (d: Details) => string | null;

const KNOWN: Record<string, Describe> = {
  "appointment.create": (d) => {
    const cleared = Array.isArray(d.cleared_plans) ? d.cleared_plans.length : 0;
    return `Booked ${text(d.student) ?? "a student"} with ${text(d.teacher) ?? "a teacher"} on ${day(d.date) ?? "a date"}${
      cleared > 0 ? ` and cleared the student's plan (${plural(cleared, "plan")}) for that block` : ""
    }.`;
  },
  "appointment.cancel": (d) => {
    const memo = text(d.memo);
    const restored = typeof d.plans_restored === "number" ? d.plans_restored : 0;
    return `Cancelled ${text(d.student) ?? "a student"}'s appointment with ${text(d.teacher) ?? "a teacher"} on ${
      day(d.date) ?? "a date"
    }${memo ? ` (“${memo}”)` : ""}.${restored > 0 ? " The plan it had cleared was given back." : ""}`;
  },
  "amendment.create": (d) => {
    const memo = text(d.memo);
    return `Amended ${text(d.student) ?? "a student"}'s block on ${day(d.date) ?? "a date"}${memo ? `: “${memo}”` : ""}.`;
  },
  "reminders.send_now": (d) =>
    `Sent ${d.kind === "teacher_digest" ? "the teachers' morning lists" : "the “not chosen yet” reminders"} for ${day(d.date) ?? "a date"} now (job #${text(d.job_id) ?? "?"}).`,
  "placement.run_now": (d) => `Placed the unscheduled students of ${day(d.date) ?? "a date"} with their default teachers.`,
  "check_in.create": (d) => {
    const teacher = text(d.teacher);
    const block = text(d.block) ?? "Focus Block";
    const list = teacher ? `${teacher}'s ${block}` : `the ${block}`;
    const how = CHECK_IN_VIA[String(d.via)]?.(d) ?? null;
    const method = d.method === "retroactive" || d.method === "proactive" ? `, recorded as ${d.method}` : "";
    return `Checked ${text(d.student) ?? "a student"} in to ${list} on ${day(d.date) ?? "a date"}${how ? ` ${how}` : ""}${method}.`;
  },
  "check_in.move": (d) => `Moved ${text(d.student) ?? "a student"}'s check-in on ${day(d.date) ?? "a date"} to their own list.`,
  "power_scheduler.undo": (d) =>
    `Removed ${plural(Number(d.removed ?? 0), "appointment or amendment", "appointments and amendments")} and gave back ${plural(
      Number(d.plans_restored ?? 0),
      "plan",
    )}.`,
  "credentials.reset_password": credentials,
  "credentials.invalidate_password": credentials,
  "credentials.disable": credentials,
  "credentials.reenable": credentials,
  "password_reset.request": (d) => {
    const replaced = typeof d.replaced === "number" ? d.replaced : 0;
    return `Emailed a password link for ${text(d.username) ?? "an account"}, asked for from ${text(d.requested_from) ?? "an unknown address"}${
      replaced > 0 ? `; it replaced ${plural(replaced, "earlier link")}` : ""
    }.`;
  },
  "password_reset.complete": (d) =>
    `${text(d.username) ?? "The account"} chose a new password with the emailed link; every session of the account was signed out.`,
  "kiosk.create": (d) => `Kiosk “${text(d.label) ?? "?"}” for ${text(d.teacher) ?? "a teacher"}.`,
  "kiosk.revoke": (d) => `Kiosk “${text(d.label) ?? "?"}” of ${text(d.teacher) ?? "a teacher"}.`,
  "settings.update": changes,
  "roster.role_change": (d) => {
    const role = (value: unknown) => (value === "administrator" ? "an administrator" : value === "staff" ? "staff" : "no account");
    const by = typeof d.api_token_id === "number" ? `the API token #${d.api_token_id}` : "an upload";
    const sis = text(d.sis_role) ? ` (SIS role ${text(d.sis_role)}${text(d.sis_role_before) ? `, was ${text(d.sis_role_before)}` : ""})` : "";
    return `${text(d.name) ?? "A person"}: from ${role(d.from)} to ${role(d.to)}${sis}, by OneRoster import job #${text(d.job_id) ?? "?"} from ${by}.`;
  },
  "staff.update": changes,
  "student.update": changes,
};

/** How a check-in was made (db/queries/checkin.ts CheckInVia), in words. */
const CHECK_IN_VIA: Record<string, Describe> = {
  scan: () => "with a scanner or a typed number",
  scheduled_list: () => "from the Scheduled list",
  offline_replay: () => "with a scanner or a typed number, sent later by a device that had been offline",
  air_code: () => "with an Air Check-in code (the student)",
  kiosk: (d) => `at the kiosk “${text(d.kiosk) ?? "?"}”`,
};

function credentials(d: Details): string | null {
  const username = text(d.username);
  const accounts = typeof d.accounts === "number" ? d.accounts : 1;
  if (!username) return null;
  return accounts > 1 ? `Account ${username}, one of ${plural(accounts, "account")} in the same action.` : `Account ${username}.`;
}

/** The details of an entry in words (at most 500 characters); "" when there are none. */
export function describeDetails(action: string, details: Details | null): string {
  if (!details) return "";
  const known = KNOWN[action]?.(details) ?? null;
  let line = known ?? fields(details);
  if (!known && line) line = `${line.charAt(0).toUpperCase()}${line.slice(1)}.`;
  return line.length > 500 ? `${line.slice(0, 499)}…` : line;
}
