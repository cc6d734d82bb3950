import { z } from "zod";

/**
 * The settings answers as zod schemas (GET and PUT /api/settings, GET /api/settings/unauthenticated):
 * the presenter's types are inferred from them and the screens read them. No server code here.
 */

/** One setting as clients get it: its value typed by its type. */
export const settingAnswer = z.object({
  id: z.number(),
  key: z.string(),
  type: z.enum(["boolean", "numeric", "datetime", "string"]),
  value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  description: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Only a sysadmin may change it (read-only for administrators); absent on every other setting. */
  sysadmin_only: z.literal(true).optional(),
  /** school_logo: the logo's URL (its `value` is the file name). */
  url: z.string().optional(),
  /** timezone: the zone's offsets by the server's rules. */
  offsets: z.array(z.object({ from: z.string(), minutes: z.number() })).optional(),
});
export type PresentedSetting = z.infer<typeof settingAnswer>;

/** Values keyed by setting, and the groups with their settings. */
export const settingsAnswer = z.object({
  values: z.record(z.string(), settingAnswer),
  groups: z.array(z.object({ id: z.number(), name: z.string(), description: z.string(), settings: z.array(settingAnswer) })),
});
export type SettingsAnswer = z.infer<typeof settingsAnswer>;

/** The signed-out subset, with the single sign-on providers the login screen offers. */
export const publicSettingsAnswer = settingsAnswer.extend({
  sso: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PublicSettingsAnswer = z.infer<typeof publicSettingsAnswer>;
