import { z } from "zod";
import { hasControlCharacters } from "@/lib/api/schemas";

/** Line breaks have no place in a username (they are not control characters in hasControlCharacters' sense). */
const LINE_BREAKS = /[\r\n\u2028\u2029]/;

const username = z
  .string({ error: "A username is required to log in." })
  .trim()
  .min(1, "A username is required to log in.")
  .max(254, "That username is too long.")
  .refine((value) => !hasControlCharacters(value) && !LINE_BREAKS.test(value), {
    error: "That username contains characters that are not allowed.",
  });

/** Passwords keep their spaces (NIST 800-63B); control characters (NUL …) are refused, never stored or hashed. */
const passwordOf = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .max(1024, "That password is too long.")
    .refine((value) => !hasControlCharacters(value), {
      error: "That password contains characters that are not allowed.",
    });

const password = passwordOf("A password is required to log in.");

export const loginBody = z.object({ username, password });
export type LoginBody = z.infer<typeof loginBody>;

export const checkUserBody = z.object({ username });

/** POST /api/password-reset: the account whose owner forgot the password. */
export const passwordResetBody = z.object({ username });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** POST /api/password-reset/complete: the emailed link's token and the new password (its rules live on the server). */
export const completePasswordResetBody = z.object({
  token: z
    .string({ error: "The link's token is missing. Open the link from the email again." })
    .min(1, "The link's token is missing. Open the link from the email again.")
    .max(200, "This password link is not valid. Ask for a new one from the sign-in screen."),
  new_password: z.string({ error: "A new password is required." }).min(1, "A new password is required.").max(1024, "That password is too long."),
});
export type CompletePasswordResetBody = z.infer<typeof completePasswordResetBody>;

export const verifyUserBody = z.object({ password });

/** The caller's own password, sent with an action it confirms (creating an API token). */
export const confirmingPassword = passwordOf("Your password is required.");

/** The new password's rules beyond "present" live on the server (lib/auth/password.server.ts), with their reasons. */
export const changePasswordBody = z.object({
  password,
  new_password: z.string({ error: "A new password is required." }).min(1, "A new password is required.").max(1024, "That password is too long."),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** Usernames are matched without regard to case or surrounding spaces. */
export const normalizeUsername = (value: string) => value.trim().toLowerCase();
