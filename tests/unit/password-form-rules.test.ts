/** @jest-environment node */
import { accountLabel } from "@/lib/auth/sso-identity";
import {
  isUsernameAsPassword,
  newPasswordLength,
  PASSWORD_FORM_MESSAGES,
  PASSWORD_MESSAGES,
  resetPasswordForm,
} from "@/lib/auth/password-rules";

// The password forms' own checks (the server checks again, and more) and the SSO account's name.

describe("the password forms", () => {
  it("eight characters are enough, seven are not, counted as a person counts them", () => {
    expect(newPasswordLength.safeParse("12345678").success).toBe(true);
    expect(newPasswordLength.safeParse("1234567").success).toBe(false);
    expect(newPasswordLength.safeParse("🙂🙂🙂🙂🙂🙂🙂🙂").success).toBe(true);
  });

  it("the username in another case or with spaces around is still the username", () => {
    expect(isUsernameAsPassword(" Maya.Castellano ", "maya.castellano")).toBe(true);
    expect(isUsernameAsPassword("maya.castellano", " Maya.Castellano ")).toBe(true);
    expect(isUsernameAsPassword("maya.castellano1", "maya.castellano")).toBe(false);
  });

  it("the forgotten-password form: long enough, and typed twice unless shown", () => {
    const errors = (values: { newPassword: string; confirmation: string; showPassword: boolean }) =>
      resetPasswordForm.safeParse(values).error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [];
    expect(errors({ newPassword: "long enough", confirmation: "long enough", showPassword: false })).toEqual([]);
    expect(errors({ newPassword: "short", confirmation: "short", showPassword: false })).toEqual([["newPassword", PASSWORD_MESSAGES.tooShort]]);
    expect(errors({ newPassword: "long enough", confirmation: "long enuogh", showPassword: false })).toEqual([
      ["confirmation", PASSWORD_FORM_MESSAGES.mismatch],
    ]);
    expect(errors({ newPassword: "long enough", confirmation: "", showPassword: true })).toEqual([]);
  });
});

describe("the single sign-on account's name", () => {
  it("Google and Microsoft by name; a school's provider with 'account' added unless it says so", () => {
    expect(accountLabel("google", "School account")).toBe("Google account");
    expect(accountLabel("azure-ad", "School account")).toBe("Microsoft account");
    expect(accountLabel("oidc", "Cedar Ridge Account")).toBe("Cedar Ridge Account");
    expect(accountLabel("oidc", "Cedar Ridge ID")).toBe("Cedar Ridge ID account");
  });
});
