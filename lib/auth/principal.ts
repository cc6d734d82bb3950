import type { AccountRow } from "@/db/queries/auth";
import { ApiError } from "@/lib/api/errors.server";
import type { Role } from "./roles";

/** The signed-in caller, re-read from the database on every request. */
export interface Principal extends AccountRow {
  role: Role;
  sessionId: number;
  /** How this session began (sessions.sign_in_method); absent for principals made outside a session. */
  signInMethod?: "password" | "sso";
}

export function roleOf(account: AccountRow): Role {
  if (account.user.account_type === "student") return "student";
  if (account.user.account_type === "sysadmin") return "sysadmin";
  return account.staff?.administrator ? "admin" : "teacher";
}

/** The account's avatar: the person's initials and colour (sign-in's "who is this" and GET /api/user). */
export function avatarOf(account: AccountRow): { initials: string; color: string } {
  const person = account.staff ?? account.student ?? account.sysadmin;
  return { initials: person?.initials ?? "?", color: person?.color ?? "blue-grey" };
}

export function isLocked(account: AccountRow, now: Date): boolean {
  const disabledAt = account.user.disabled_at;
  return disabledAt !== null && disabledAt.getTime() <= now.getTime();
}

/** The caller's staff row, or a clean 403 for students and sysadmins. */
export function requireStaff(principal: Principal) {
  if (!principal.staff) throw new ApiError(403, "not_staff", "User is not a staff member.");
  return principal.staff;
}
