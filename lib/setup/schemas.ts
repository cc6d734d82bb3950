import { z } from "zod";
import { personName, text } from "@/lib/api/schemas";
import { isValidTimeZone } from "@/lib/core/time";

export const SETUP_MESSAGES = {
  invalidLink:
    "This setup link is not valid. It works once, until the first account exists; restart the server for a new one.",
  timezone: "Choose a time zone from the list, such as America/Toronto.",
  email: "Enter a valid email address.",
  passwordRequired: "Choose a password.",
} as const;

/** POST /api/setup: the school and its first administrator (the setup page's form uses it too). */
export const setupBody = z.object({
  token: z
    .string({ error: SETUP_MESSAGES.invalidLink })
    .min(1, SETUP_MESSAGES.invalidLink)
    .max(200, SETUP_MESSAGES.invalidLink),
  school_name: text({ label: "The school's name", max: 120, min: 1 }),
  timezone: z
    .string({ error: SETUP_MESSAGES.timezone })
    .trim()
    .max(64, SETUP_MESSAGES.timezone)
    .refine(isValidTimeZone, { error: SETUP_MESSAGES.timezone }),
  name: personName("Your name"),
  email: z.email({ error: SETUP_MESSAGES.email }).max(254, { error: "That email address is too long." }),
  password: z
    .string({ error: SETUP_MESSAGES.passwordRequired })
    .min(1, SETUP_MESSAGES.passwordRequired)
    .max(1024, "That password is too long."),
});
export type SetupBody = z.infer<typeof setupBody>;
