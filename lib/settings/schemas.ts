import { z } from "zod";
import { schoolNetworksSchema } from "@/lib/api/ip";
import { hasControlCharacters } from "@/lib/api/schemas";
import { cutoffSchema, cutoffText } from "./placement-cutoff";
import { checkNotificationSetting } from "./notification-settings";
import { isValidSchoolDate, isValidTimeZone } from "@/lib/core/time";
import type { SettingType } from "@/lib/setting-definitions";
import { storedLogoValue } from "./logo";
import { isShippedLocale } from "@/lib/i18n/locales";

export type SettingInput = string | number | boolean | null;

/** PUT /api/settings: `{ values: { <key>: <value> } }`; each value is checked against its setting below. */
export const settingsUpdateBody = z.object({
  values: z
    .record(z.string().max(100), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]), {
      error: "values must map setting keys to values.",
    })
    .refine((values) => Object.keys(values).length > 0, "Change at least one setting.")
    .refine((values) => Object.keys(values).length <= 100, "Too many settings at once."),
});
export type SettingsUpdateBody = z.infer<typeof settingsUpdateBody>;

export const SETTING_MESSAGES = {
  boolean: "Must be on or off.",
  numeric: "Must be a number.",
  integer: "Must be a whole number.",
  string: "Must be text.",
  characters: "Remove the control characters from this text.",
  datetime: "Enter a date as YYYY-MM-DD.",
  timezone: "Enter a valid time zone, such as America/Vancouver.",
  defaultLocale: "Choose en, fr-CA or es.",
  schoolName: "The school name cannot be empty.",
  logo: "Upload a new logo with the Upload button instead.",
  includeDays: "List days as numbers from 1 (Sunday) to 7 (Saturday), separated by commas.",
  yearOrder: "The school year must end after it starts.",
  gradeOrder: "The lowest grade cannot be above the highest.",
  unknown: "There is no such setting.",
} as const;


interface SettingRule {
  key: string;
  type: SettingType;
  min: number | null;
  max: number | null;
}

/**
 * Checks one value against its setting (type, min/max, and the rules of a few keys) and gives the
 * text to store, or the message to show under the field.
 */
export function checkSettingValue(
  rule: SettingRule,
  value: SettingInput,
): { stored: string } | { error: string } {
  switch (rule.type) {
    case "boolean":
      return typeof value === "boolean" ? { stored: String(value) } : { error: SETTING_MESSAGES.boolean };
    case "numeric": {
      if (typeof value !== "number" || !Number.isFinite(value)) return { error: SETTING_MESSAGES.numeric };
      if (!Number.isInteger(value)) return { error: SETTING_MESSAGES.integer };
      if (rule.min !== null && value < rule.min) return { error: `Must be at least ${rule.min}.` };
      if (rule.max !== null && value > rule.max) return { error: `Must be at most ${rule.max}.` };
      return { stored: String(value) };
    }
    case "datetime": {
      if (typeof value !== "string" || !isValidSchoolDate(value)) return { error: SETTING_MESSAGES.datetime };
      return { stored: value };
    }
    default: {
      if (typeof value !== "string") return { error: SETTING_MESSAGES.string };
      // NUL cannot be stored in PostgreSQL text, and no setting needs any control character.
      if (hasControlCharacters(value)) return { error: SETTING_MESSAGES.characters };
      const text = value.trim();
      if (rule.max !== null && text.length > rule.max)
        return { error: `Must be at most ${rule.max} characters.` };
      if (rule.min !== null && rule.min > 0 && text.length < rule.min)
        return { error: `Must be at least ${rule.min} characters.` };
      return checkStringKey(rule.key, text);
    }
  }
}

function checkStringKey(key: string, text: string): { stored: string } | { error: string } {
  switch (key) {
    case "timezone":
      return text && isValidTimeZone(text) ? { stored: text } : { error: SETTING_MESSAGES.timezone };
    case "default-locale":
      return isShippedLocale(text) ? { stored: text } : { error: SETTING_MESSAGES.defaultLocale };
    case "school_name":
      return text ? { stored: text } : { error: SETTING_MESSAGES.schoolName };
    case "school_logo": {
      // A logo file name (what the original client reads) or our URL (lib/settings/logo.ts).
      const stored = storedLogoValue(text);
      return stored === null ? { error: SETTING_MESSAGES.logo } : { stored };
    }
    case "include_days": {
      const days = text.split(",").map((d) => d.trim());
      const ok =
        days.length > 0 && days.every((d) => /^[1-7]$/.test(d)) && new Set(days).size === days.length;
      return ok ? { stored: days.join(",") } : { error: SETTING_MESSAGES.includeDays };
    }
    case "waitlist-mode":
      return text === "auto" || text === "offer" ? { stored: text } : { error: "Choose auto or offer." };
    case "choice-deadline":
    case "request-deadline":
    case "placement_cutoff": {
      const cutoff = cutoffSchema.safeParse(text);
      return cutoff.success ? { stored: cutoffText(cutoff.data) } : { error: cutoff.error.issues[0]!.message };
    }
    case "school-networks": {
      const networks = schoolNetworksSchema.safeParse(text);
      return networks.success ? { stored: networks.data } : { error: networks.error.issues[0]!.message };
    }
    default:
      return checkNotificationSetting(key, text) ?? { stored: text };
  }
}
