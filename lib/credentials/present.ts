import { formatDistanceStrict } from "date-fns";
import type { CredentialAccountRow } from "@/db/queries/credentials";
import { DISPLAY_ROLE, type Role } from "@/lib/auth/roles";
import { staffName, studentName } from "@/lib/people/names";
import { manageProblem, roleOfAccount, type AccountRef } from "./rules";

/** One row of GET /api/users: who the account is, and its account and password status. */
export interface CredentialUser {
  /** The user (account) id that the actions take. */
  id: number;
  username: string;
  name: string;
  initials: string;
  color: string;
  /** student, teacher, admin or sysadmin. */
  role: Role;
  /** Student, Teacher, Administrator or Systems Admin. */
  display_role: string;
  /** "Active", or "Disabled 3 days ago". */
  status: string;
  account_status: "active" | "disabled";
  password_expired: boolean;
  /** "Valid" or "Expired". */
  password_status: "Valid" | "Expired";
  /** Whether the caller may act on this account (never on oneself; see lib/credentials/rules.ts). */
  can_manage: boolean;
}

function nameOf(row: CredentialAccountRow): string {
  const names = { first_name: row.first_name ?? "", last_name: row.last_name ?? "" };
  if (row.account_type === "staff") return staffName({ ...names, title: row.title ?? "" });
  if (row.account_type === "student") return studentName(names);
  return row.sysadmin_name ?? row.username;
}

export function presentCredentialUser(
  row: CredentialAccountRow,
  caller: AccountRef,
  now: Date,
): CredentialUser {
  const role = roleOfAccount(row);

  const locked = row.disabled_at !== null && row.disabled_at.getTime() <= now.getTime();
  return {
    id: row.id,
    username: row.username,
    name: nameOf(row),
    initials: row.initials ?? "?",
    color: row.color ?? (row.account_type === "sysadmin" ? "black" : "blue-grey"),
    role,
    display_role: DISPLAY_ROLE[role],
    status: locked
      ? `Disabled ${formatDistanceStrict(row.disabled_at!, now, { addSuffix: true })}`
      : "Active",
    account_status: locked ? "disabled" : "active",
    password_expired: row.password_expired,
    password_status: row.password_expired ? "Expired" : "Valid",
    can_manage: manageProblem(caller, { id: row.id, role }) === null,
  };
}
