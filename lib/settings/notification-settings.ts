import { z } from "zod";
import { cutoffSchema, type Cutoff } from "./placement-cutoff";

/**
 * The Notifications settings' formats, shared by the settings check (lib/settings/schemas.ts), the
 * senders (lib/reach) and the screens. Pure; anything unreadable counts as off (the form never stores one).
 *   reminder-not-chosen  "" | "14:00" (the school day before) | "3h" (hours before the block)
 *   teacher-digest       "" | "07:30" (on the day)
 *   guardian-digest      "" | "friday" | "friday 15:30"
 *   quiet-hours          "" | "21:00-07:00"
 *   mandatory-notifications  "" | "changes" | "reminders,changes"
 *   password-reset-by-email  "off" | "staff" | "everyone"
 */

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const padTime = (match: RegExpExecArray) => `${match[1]!.padStart(2, "0")}:${match[2]}`;

export const NOTIFICATION_SETTING_MESSAGES = {
  reminder:
    "Enter a time on the school day before such as 14:00, a number of hours before the block such as 3h, or leave it empty.",
  time: "Enter a time such as 07:30, or leave it empty.",
  weekly: "Enter a day of the week such as friday, with a time if you like (friday 15:30), or leave it empty.",
  quiet: "Enter two times such as 21:00-07:00, or leave it empty.",
  mandatory: "Enter any of reminders, changes and digest, separated by commas, or leave it empty.",
  passwordReset: "Enter staff, everyone or off.",
} as const;

/** The reminder's moment: a time the school day before, or hours before the block (the cutoff's format). */
export function readReminder(value: unknown): Cutoff | null {
  const parsed = cutoffSchema.safeParse(typeof value === "string" ? value : "");
  return parsed.success ? parsed.data : null;
}

/** "07:30" → "07:30"; "" → "off"; anything else → null. */
export function readDailyTime(value: unknown): string | "off" | null {
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") return "off";
  const match = TIME.exec(text);
  return match ? padTime(match) : null;
}

export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const DEFAULT_WEEKLY_TIME = "16:00";

/** "friday 15:30" → { weekday: 5, time: "15:30" }; "" → "off"; anything else → null. */
export function readWeekly(value: unknown): { weekday: number; time: string } | "off" | null {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  if (text === "") return "off";
  const [day, time, ...rest] = text.split(/\s+/);
  if (rest.length > 0) return null;
  const weekday = WEEKDAYS.indexOf(day as Weekday);
  if (weekday < 0) return null;
  if (time === undefined) return { weekday, time: DEFAULT_WEEKLY_TIME };
  const match = TIME.exec(time);
  return match ? { weekday, time: padTime(match) } : null;
}

/** "21:00-07:00" → { from, to }; "" → "off"; anything else → null. */
export function readQuietHours(value: unknown): { from: string; to: string } | "off" | null {
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") return "off";
  const [a, b, ...rest] = text.split(/\s*-\s*/);
  if (rest.length > 0 || !a || !b) return null;
  const from = TIME.exec(a);
  const to = TIME.exec(b);
  if (!from || !to) return null;
  const times = { from: padTime(from), to: padTime(to) };
  return times.from === times.to ? null : times;
}

/** What a person may turn off, by channel (lib/reach/kinds.ts maps each message kind to one). */
export const PREFERENCE_KINDS = ["reminders", "changes", "digest"] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

export function readMandatory(value: unknown): PreferenceKind[] | null {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  if (text === "") return [];
  const kinds = text.split(",").map((k) => k.trim());
  if (!kinds.every((k) => (PREFERENCE_KINDS as readonly string[]).includes(k))) return null;
  return [...new Set(kinds)] as PreferenceKind[];
}

export const PASSWORD_RESET_MODES = ["off", "staff", "everyone"] as const;
export type PasswordResetMode = (typeof PASSWORD_RESET_MODES)[number];

export function readPasswordResetMode(value: unknown): PasswordResetMode | null {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  return (PASSWORD_RESET_MODES as readonly string[]).includes(text) ? (text as PasswordResetMode) : null;
}

export const passwordResetModeSchema = z.enum(PASSWORD_RESET_MODES);

/** The settings check for these keys: the stored text, or the sentence to show. */
export function checkNotificationSetting(key: string, text: string): { stored: string } | { error: string } | null {
  switch (key) {
    case "reminder-not-chosen": {
      const parsed = cutoffSchema.safeParse(text);
      if (!parsed.success) return { error: NOTIFICATION_SETTING_MESSAGES.reminder };
      const cutoff = parsed.data;
      return { stored: cutoff.kind === "off" ? "" : cutoff.kind === "time" ? cutoff.time : `${cutoff.hours}h` };
    }
    case "teacher-digest": {
      const time = readDailyTime(text);
      return time === null ? { error: NOTIFICATION_SETTING_MESSAGES.time } : { stored: time === "off" ? "" : time };
    }
    case "guardian-digest": {
      const weekly = readWeekly(text);
      if (weekly === null) return { error: NOTIFICATION_SETTING_MESSAGES.weekly };
      return { stored: weekly === "off" ? "" : `${WEEKDAYS[weekly.weekday]} ${weekly.time}` };
    }
    case "quiet-hours": {
      const quiet = readQuietHours(text);
      if (quiet === null) return { error: NOTIFICATION_SETTING_MESSAGES.quiet };
      return { stored: quiet === "off" ? "" : `${quiet.from}-${quiet.to}` };
    }
    case "mandatory-notifications": {
      const kinds = readMandatory(text);
      return kinds === null ? { error: NOTIFICATION_SETTING_MESSAGES.mandatory } : { stored: kinds.join(",") };
    }
    case "password-reset-by-email": {
      const mode = readPasswordResetMode(text);
      return mode === null ? { error: NOTIFICATION_SETTING_MESSAGES.passwordReset } : { stored: mode };
    }
    default:
      return null;
  }
}
