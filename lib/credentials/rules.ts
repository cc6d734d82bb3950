import type { Role } from "@/lib/auth/roles";

/**
 * The Credentials Manager follows the one rule for changing an account (lib/auth/account-changes.ts):
 * administrators act on students and teachers, a sysadmin on every account, nobody on their own.
 */

/** The role of an account row as the credentials screens see it. */
export function roleOfAccount(row: {
  account_type: "staff" | "student" | "sysadmin";
  administrator: boolean | null;
}): Role {
  if (row.account_type === "student") return "student";
  if (row.account_type === "sysadmin") return "sysadmin";
  return row.administrator ? "admin" : "teacher";
}
