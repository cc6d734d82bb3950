import type { CurrentUser } from "@/lib/people/answers";
import type { PublicSettingsAnswer, SettingsAnswer } from "@/lib/settings/answers";

/** GET /api/user. */
export type { CurrentUser };
export type Role = CurrentUser["role"];

/** GET /api/settings and /api/settings/unauthenticated (which adds `sso`). */
export type AppSettings = SettingsAnswer;
export type { PublicSettingsAnswer };
export type SettingGroup = AppSettings["groups"][number];
export type Setting = SettingGroup["settings"][number];

/**
 * Why the user was signed out: by choice ("school-account" when the session began with single
 * sign-on), a dead session, or a server fault while signing in.
 */
export type SignOutReason = "user" | "school-account" | "expired" | "error";

/** Signed out by the person's own choice (no origin kept, straight to the login screen). */
export const byChoice = (reason: SignOutReason | null) => reason === "user" || reason === "school-account";

/**
 * The login screen's banner for each sign-out that needs one: its key in the "auth" catalogue's
 * `banners` ("Your session has expired. Please sign back in to continue." for a dead session). The
 * failed-settings flag is `settingsFailed` there.
 */
export const BANNER_KEYS = {
  "school-account": "schoolAccount",
  expired: "expired",
  error: "error",
} as const satisfies Record<Exclude<SignOutReason, "user">, string>;

/** The roles that use the navigation shell; students have only /profile. */
export const SHELL_ROLES: readonly Role[] = ["teacher", "admin", "sysadmin"];
export const ADMIN_ROLES: readonly Role[] = ["admin", "sysadmin"];

/** The school's name and logo from settings (signed-in or login-screen settings). */
export function schoolBrand(settings: AppSettings | null | undefined) {
  const name = settings?.values.school_name?.value;
  // Our URL (`url`); `value` is the file name the spec's original client reads (lib/settings/logo.ts).
  const logo = settings?.values.school_logo?.url;
  return {
    name: typeof name === "string" && name.trim() ? name : null,
    logo: typeof logo === "string" && logo.trim() ? logo : null,
  };
}
