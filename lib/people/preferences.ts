import { z } from "zod";
import { LOCALES, PSEUDO_LOCALE } from "@/lib/i18n/locales";

/** PUT /api/user/preferences: `{ "locale": "fr-CA" }`, or null to follow the browser and then the school. */
export const userPreferencesBody = z.object({
  locale: z.enum([...LOCALES, PSEUDO_LOCALE], { error: "Choose one of the languages Flexblock offers." }).nullable(),
});
export type UserPreferencesBody = z.infer<typeof userPreferencesBody>;

export const userPreferencesAnswer = z.object({
  /** The chosen language, or null. */
  locale: z.string().nullable(),
});
