import { z } from "zod";

/** The sign-in answers as zod schemas; the services' types are inferred from them. No server code here. */

/** POST /api/login, /api/auth/sso-token and /api/setup: a new session's bearer token. */
export const tokenAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  /** Seconds. */
  expires_in: z.number(),
});
export type TokenResponse = z.infer<typeof tokenAnswer>;

/** POST /api/check-user: the avatar a remembered user is shown with. */
export const checkUserAnswer = z.object({
  username: z.string(),
  initials: z.string(),
  color: z.string(),
  /** Added to the spec's shape: false tells the login screen to offer the school account, not a password. */
  password_sign_in: z.boolean(),
  /** Added to the spec's shape: the avatar is not the account's (the address used up its look-ups). */
  withheld: z.literal(true).optional(),
});
export type CheckUserAnswer = z.infer<typeof checkUserAnswer>;

/** POST /api/password-reset/complete: the sentence and the account's username (the login screen fills it in). */
export const passwordResetAnswer = z.object({ message: z.string(), username: z.string() });
export type PasswordResetAnswer = z.infer<typeof passwordResetAnswer>;
