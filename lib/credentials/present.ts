import { formatDistanceStrict } from "date-fns";
import type { CredentialAccountRow } from "@/db/queries/credentials";
import { DISPLAY_ROLE, type Role } from "@/lib/auth/roles";
import { staffName, studentName } from "@/lib/people/names";
import { accountChangeProblem, type AccountRef } from "@/lib/auth/account-changes";
import { roleOfAccount } from "./rules";

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
  /** Added to the spec's shape: the account is linked to a school account (single sign-on). */
  sso_linked: boolean;
  /** Whether the caller may act on this account (never on oneself; see lib/credentials/rules.ts). */
  can_manage: boolean;
  /** staff, student or sysadmin, as GET /api/user says it. */
  account_type: CredentialAccountRow["account_type"];
  /** The person, in GET /api/user's `details` shape (the spec's original client reads `details.name`). */
  details: ReturnType<typeof detailsOf>;
}

/** GET /api/user's `details`, from the flat row. */
function detailsOf(row: CredentialAccountRow, name: string) {
  const person = { id: row.person_id ?? 0, initials: row.initials ?? "?", color: row.color ?? "blue-grey", name };
  if (row.account_type === "staff") {
    return {
      ...person,
      title: row.title ?? "",
      first_name: row.first_name ?? "",
      last_name: row.last_name ?? "",
      email: row.email ?? row.username,
      administrator: row.administrator === true,
      capacity: row.capacity ?? 0,
    };
  }
  if (row.account_type === "student") {
    return { ...person, first_name: row.first_name ?? "", last_name: row.last_name ?? "", grade: row.grade };
  }
  return { ...person, initials: row.initials ?? "SA", color: row.color ?? "black", email: row.email ?? row.username, administrator: true as const };
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
  const name = nameOf(row);
  return {
    id: row.id,
    username: row.username,
    name,
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
    sso_linked: Boolean(row.sso_linked),
    // Every action follows the same rule, so any one part tells whether the caller may act.
    can_manage: accountChangeProblem(caller, { id: row.id, role }, ["password"]) === null,
    account_type: row.account_type,
    details: detailsOf(row, name),
  };
}
