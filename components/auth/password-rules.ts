/**
 * The change-password form's quick rules (spec §5). The server checks them again, plus the breached and
 * common password lists and a strength estimate; its 422 names the reason, and the form shows it.
 */
export const MIN_PASSWORD_LENGTH = 8;

export const PASSWORD_FORM_MESSAGES = {
  tooShort: "Password must be at least 8 characters.",
  mismatch: "Passwords don't match.",
  disallowed: "You cannot use that password.",
  expired: "Your old password has expired and must be changed.",
  changed: "Changed passsword.",
  failed: "That didn't work. Please try again.",
} as const;

export interface ChangePasswordValues {
  password: string;
  newPassword: string;
  confirmation: string;
  /** The new password is shown in plain text: no confirmation needed. */
  showPassword: boolean;
}

/** Field errors for the form, empty when it may be sent. */
export function changePasswordErrors(
  values: ChangePasswordValues,
  username: string,
): Partial<Record<"newPassword" | "confirmation", string>> {
  const errors: Partial<Record<"newPassword" | "confirmation", string>> = {};
  if (values.newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = PASSWORD_FORM_MESSAGES.tooShort;
  // Like the server: case and surrounding spaces do not make the username a different password.
  else if (values.newPassword.trim().toLowerCase() === username.trim().toLowerCase())
    errors.newPassword = PASSWORD_FORM_MESSAGES.disallowed;
  if (!values.showPassword && values.confirmation !== values.newPassword)
    errors.confirmation = PASSWORD_FORM_MESSAGES.mismatch;
  return errors;
}
