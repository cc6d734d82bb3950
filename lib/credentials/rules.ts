import type { Role } from "@/lib/auth/roles";

/**
 * Who may change whose credentials. Administrators and sysadmins use the Credentials Manager, never on
 * their own account (they would lock themselves out). An administrator may act on students and
 * teachers only: other administrators and sysadmins are changed by a sysadmin, so one administrator
 * cannot lock out the others. A sysadmin may act on every account but their own.
 */

export interface AccountRef {
  id: number;
  role: Role;
}

export type ManageProblem = "own_account" | "protected_account" | null;

export function manageProblem(caller: AccountRef, target: AccountRef): ManageProblem {
  if (caller.id === target.id) return "own_account";
  if (caller.role === "sysadmin") return null;
  if (caller.role === "admin" && (target.role === "student" || target.role === "teacher")) return null;
  return "protected_account";
}

export const MANAGE_MESSAGES = {
  own_account: "You cannot change your own account here. Use Change Password instead.",
  protected_account:
    "Only a system administrator can change an administrator's or a system administrator's account.",
} as const;

/** The role of an account row as the credentials screens see it. */
export function roleOfAccount(row: {
  account_type: "staff" | "student" | "sysadmin";
  administrator: boolean | null;
}): Role {
  if (row.account_type === "student") return "student";
  if (row.account_type === "sysadmin") return "sysadmin";
  return row.administrator ? "admin" : "teacher";
}
