import { STAFF_FIELDS, STUDENT_FIELDS } from "@/lib/people/field-owners";
import type { UserRow } from "./bundle-files";
import type { PlanContext } from "./plan-context";
import { carries, tally, type Fields } from "./plan-shared";

/**
 * Users and roles: who each row of users.csv is to this product (their role from users.role in 1.1,
 * roles.csv in 1.2), whether the row belongs to the school, and what the student and staff planners
 * share while they go through the users (the numbers and emails seen, the people listed).
 */

export type Role = "student" | "teacher" | "administrator" | "aide";
export const ROLE_OF: Record<string, Role> = {
  student: "student",
  teacher: "teacher",
  proctor: "teacher",
  administrator: "administrator",
  siteadministrator: "administrator",
  districtadministrator: "administrator",
  systemadministrator: "administrator",
  principal: "administrator",
  aide: "aide",
};

export const nameOf = (u: { givenName: string; familyName: string }) => `${u.givenName} ${u.familyName}`;

export type RolesByUser = Map<string, { role: string; primary: boolean }[]>;

/** roles.csv's active roles at the school, by user. */
export async function rolesByUser(ctx: PlanContext): Promise<RolesByUser> {
  const roles: RolesByUser = new Map();
  for (const r of ctx.bundle.roles) {
    await ctx.turn();
    if (r.status === "tobedeleted" || !ctx.inOrg(r.orgSourcedId)) continue;
    const list = roles.get(r.userSourcedId) ?? [];
    list.push({ role: r.role, primary: r.roleType === "primary" });
    roles.set(r.userSourcedId, list);
  }
  return roles;
}

/** A user of the school: listed at it (1.1: orgSourcedIds, none meaning every org), or with a role there (1.2). */
export function userInOrg(org: string | null, roles: RolesByUser, u: UserRow): boolean {
  if (!org) return true;
  if (u.role) return u.orgSourcedIds.length === 0 || u.orgSourcedIds.includes(org);
  return roles.has(u.sourcedId);
}

/** The role as the SIS names it (users.role, else the primary role in roles.csv, else the first), spaces removed. */
export function sisRoleOf(u: UserRow, roles: RolesByUser): string {
  const fromRoles = roles.get(u.sourcedId);
  return (u.role ?? (fromRoles?.find((r) => r.primary) ?? fromRoles?.[0])?.role ?? "").replace(/\s/g, "");
}

/** What the student and staff planners keep while they go through the users. */
export interface PeoplePass {
  seenNumbers: Map<string, number>;
  seenEmails: Map<string, number>;
  seenStudentEmails: Map<string, number>;
  listedStudents: Set<string>;
  listedStaff: Set<string>;
  /** The optional columns users.csv has (a field the file does not carry is left as it is). */
  carried: { email: boolean; preferred: boolean; position: boolean; department: boolean };
}

export function newPeoplePass(ctx: PlanContext): PeoplePass {
  const { bundle } = ctx;
  return {
    seenNumbers: new Map(),
    seenEmails: new Map(),
    seenStudentEmails: new Map(),
    listedStudents: new Set(),
    listedStaff: new Set(),
    carried: {
      email: carries(bundle, "users", "email"),
      preferred: carries(bundle, "users", "preferredFirstName"),
      position: carries(bundle, "users", "position"),
      department: carries(bundle, "users", "department"),
    },
  };
}

/** An error on a user's row; answers null so a check can `return userError(…)`. */
export function userError(ctx: PlanContext, u: UserRow, reason: string): null {
  ctx.errors.push({ file: "users.csv", line: u.line, reason });
  return null;
}

/** A row that would change a sysadmin's or an administrator's account: skipped, listed. */
export function protect(ctx: PlanContext, u: UserRow, who: "sysadmin" | "administrator", reason: string, fields: Fields = {}) {
  ctx.review.protected.push({ sourced_id: u.sourcedId, name: nameOf(u), line: u.line, account: who, reason, fields });
}

/** The SIS-owned fields an update overwrites, counted by field for the dry run. */
export function countOverwrites(ctx: PlanContext, kind: "student" | "staff", u: UserRow, fields: Fields) {
  const owners: Record<string, { owner: string }> = kind === "student" ? STUDENT_FIELDS : STAFF_FIELDS;
  for (const [field, change] of Object.entries(fields)) {
    if (owners[field]?.owner !== "sis" || field === "sourced_id") continue;
    if (change.before === null || change.before === undefined) continue;
    tally(ctx.review.overwrites, kind, field, { sourced_id: u.sourcedId, name: nameOf(u), ...change });
  }
}

/** The sis_values to store: the old ones with the SIS's new values (null when nothing is recorded). */
export function recorded(old: Record<string, unknown> | null, values: Record<string, unknown>) {
  const next = { ...(old ?? {}), ...values };
  return Object.keys(next).length ? next : null;
}
