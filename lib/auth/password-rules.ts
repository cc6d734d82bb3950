import { z } from "zod";

/**
 * The password rules the browser and the server share (spec §5, NIST 800-63B): the setup form, the
 * change-password form and the server's own check (lib/auth/password.server.ts newPasswordProblem, which adds
 * the common and breached lists and a strength estimate) count and word them the same way.
 */

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

/** The server's reasons, shown beside the new password field. */
export const PASSWORD_MESSAGES = {
  tooShort: "Password must be at least 8 characters.",
  tooLong: "That password is too long.",
  disallowed: "You cannot use that password.",
  sameAsOld: "Your new password must be different from your old password.",
  username: "It must not be your username.",
  controlCharacters: "It cannot contain control characters.",
  notAllowed: "It contains characters that are not allowed.",
  tooGuessable: "It is too easy to guess.",
  paddedWithSpaces: "Spaces at the start and end do not count towards its 8 characters.",
} as const;

/** The change-password form's own texts. */
export const PASSWORD_FORM_MESSAGES = {
  tooShort: PASSWORD_MESSAGES.tooShort,
  mismatch: "Passwords don't match.",
  disallowed: PASSWORD_MESSAGES.disallowed,
  expired: "Your old password has expired and must be changed.",
  changed: "Changed passsword.",
  failed: "That didn't work. Please try again.",
} as const;

/** A password's length as a person counts it (an emoji is one character). */
export const passwordLength = (value: string) => [...value].length;

/** Case and surrounding spaces do not make the username a different password. */
export const isUsernameAsPassword = (password: string, username: string) =>
  password.trim().toLowerCase() === username.trim().toLowerCase();

/** A new password's length: at least 8 characters, at most 1024. */
export const newPasswordLength = z
  .string()
  .max(MAX_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooLong)
  .refine((value) => passwordLength(value) >= MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort);

/**
 * The change-password form: the new password long enough and not the username, typed twice unless
 * it is shown. The server checks it again, and more (newPasswordProblem).
 */
export const changePasswordForm = (username: string) =>
  z
    .object({
      password: z.string(),
      newPassword: z.string(),
      confirmation: z.string(),
      /** The new password is shown in plain text: no confirmation needed. */
      showPassword: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const length = newPasswordLength.safeParse(values.newPassword);
      if (!length.success) {
        ctx.addIssue({ code: "custom", path: ["newPassword"], message: length.error.issues[0]!.message });
      } else if (isUsernameAsPassword(values.newPassword, username)) {
        ctx.addIssue({ code: "custom", path: ["newPassword"], message: PASSWORD_FORM_MESSAGES.disallowed });
      }
      if (!values.showPassword && values.confirmation !== values.newPassword) {
        ctx.addIssue({ code: "custom", path: ["confirmation"], message: PASSWORD_FORM_MESSAGES.mismatch });
      }
    });
export type ChangePasswordValues = z.input<ReturnType<typeof changePasswordForm>>;

/** The form's field errors (the first of each field), empty when it may be sent. */
export function changePasswordErrors(
  values: ChangePasswordValues,
  username: string,
): Partial<Record<"newPassword" | "confirmation", string>> {
  const result = changePasswordForm(username).safeParse(values);
  const errors: Partial<Record<"newPassword" | "confirmation", string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as "newPassword" | "confirmation";
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The forgotten-password page's form (/reset-password): a new password long enough, typed twice unless it
 * is shown. Whose it is the page does not know (the link's token does): the server checks the rest.
 */
export const resetPasswordForm = z
  .object({ newPassword: z.string(), confirmation: z.string(), showPassword: z.boolean() })
  .superRefine((values, ctx) => {
    const length = newPasswordLength.safeParse(values.newPassword);
    if (!length.success) {
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: length.error.issues[0]!.message });
    }
    if (!values.showPassword && values.confirmation !== values.newPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmation"], message: PASSWORD_FORM_MESSAGES.mismatch });
    }
  });
export type ResetPasswordValues = z.infer<typeof resetPasswordForm>;
