import type { Role } from "./roles";

/**
 * The one rule for changing an account's sign-in, whatever the path (PUT /api/staff/{id}, the staff CSV,
 * the Credentials Manager): what someone signs in with (the email, which is the username), whether they may
 * (enabled), their password, their single sign-on link and the administrator flag. An administrator's or a
 * sysadmin's are changed only by a sysadmin, so one administrator can never take over or lock out another:
 * a changed email would hand the peer's account to whoever owns the new address at the school's identity
 * provider, a lock or a reset would shut them out. Nobody changes their own here (Change Password is theirs).
 * Names, titles, capacity and the like are not the account: administrators edit them for everyone.
 */

/** The parts of an account that decide who signs in to it, and how. */
export type AccountPart = "username" | "enabled" | "password" | "sso_link" | "administrator";

export interface AccountRef {
  id: number;
  role: Role;
}

export type AccountChangeProblem = "own_account" | "protected_account" | null;

const PROTECTED: ReadonlySet<Role> = new Set(["admin", "sysadmin"]);

/** Why `caller` may not change these parts of `target`'s account, or null when they may (or nothing changes). */
export function accountChangeProblem(
  caller: AccountRef,
  target: AccountRef,
  parts: readonly AccountPart[],
): AccountChangeProblem {
  if (parts.length === 0) return null;
  if (caller.id === target.id) return "own_account";
  if (caller.role === "sysadmin") return null;
  if (caller.role === "admin" && !PROTECTED.has(target.role)) return null;
  return "protected_account";
}

export const ACCOUNT_CHANGE_MESSAGES = {
  own_account: "You cannot change your own account here. Use Change Password instead.",
  protected_account:
    "Only a system administrator can change an administrator's or a system administrator's account.",
} as const;

/** The staff edit's words for the two account fields it carries (the form and PUT /api/staff/{id} alike). */
export const STAFF_ACCOUNT_FIELD_MESSAGES = {
  email: "Only a system administrator can change an administrator's email, which is also their sign-in username.",
  administrator: "Only a system administrator can remove an administrator's role.",
} as const;
