import { z } from "zod";

const username = z
  .string({ error: "A username is required to log in." })
  .trim()
  .min(1, "A username is required to log in.")
  .max(254, "That username is too long.");
const password = z
  .string({ error: "A password is required to log in." })
  .min(1, "A password is required to log in.")
  .max(1024, "That password is too long.");

export const loginBody = z.object({ username, password });
export type LoginBody = z.infer<typeof loginBody>;

export const checkUserBody = z.object({ username });

export const verifyUserBody = z.object({ password });

export const changePasswordBody = z.object({
  password,
  new_password: z.string({ error: "A new password is required." }).min(1, "A new password is required.").max(1024),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** Usernames are matched without regard to case or surrounding spaces. */
export const normalizeUsername = (value: string) => value.trim().toLowerCase();
