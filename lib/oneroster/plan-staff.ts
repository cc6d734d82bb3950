import { PROTECTED_ACCOUNT_FIELDS, sisMayFill } from "@/lib/people/field-owners";
import type { UserRow } from "./bundle-files";
import type { PlanContext } from "./plan-context";
import type { RosterState } from "./plan-types";
import { diff, isEmpty, pick, tally, type Fields } from "./plan-shared";
import { countOverwrites, nameOf, protect, recorded, userError, type PeoplePass, type Role } from "./plan-users";

/**
 * Staff from users.csv: teachers, administrators (principals and office staff), aides; matched on
 * sourcedId, a staff member the school made by hand adopted by email.
 *
 * Trust: a OneRoster role never grants the administrator flag — the SIS calls principals and office staff
 * alike "administrator" — unless a sysadmin turned on sis-administrators-are-administrators; the dry run
 * lists each person the SIS calls an administrator, for an administrator here to give the flag. No row
 * changes an administrator's or a sysadmin's account (email and username, names, enabled, the flag):
 * such a row is skipped and listed.
 */

type Staff = RosterState["staff"][number];

/** A users.csv row of a staff member, with what every step asks of it. */
export interface StaffRow {
  u: UserRow;
  role: Exclude<Role, "student">;
  /** The role as the SIS names it. */
  sisRole: string;
  /** Their email (their username here): users.email, else a username that is an email. */
  email: string | null;
}

export function staffRow(u: UserRow, role: Exclude<Role, "student">, sisRole: string): StaffRow {
  return { u, role, sisRole, email: u.email ?? (u.username.includes("@") ? u.username.toLowerCase() : null) };
}

/** Plans one user row whose role is a staff role. */
export function planStaff(ctx: PlanContext, pass: PeoplePass, row: StaffRow) {
  const { u } = row;
  pass.listedStaff.add(u.sourcedId);
  const existing = ctx.look.staffBySourced.get(u.sourcedId);
  if (u.status === "tobedeleted") return retireStaff(ctx, u, existing);
  const match = checkStaff(ctx, pass, row, existing);
  if (match === null) return;
  const email = row.email!;
  if ((!match || match.email.toLowerCase() !== email) && ctx.look.sysadmins.has(email)) {
    const fields: Fields = match ? { email: { before: match.email, after: email } } : {};
    protect(ctx, u, "sysadmin", `The email ${email} is a system administrator's username.`, fields);
    listAdministrator(ctx, row, match, false, false);
    return;
  }
  if (match) updateStaff(ctx, pass, row, match);
  else createStaff(ctx, pass, row);
}

/** The SIS deletes a staff member: their account is locked (an administrator's only by a sysadmin). */
function retireStaff(ctx: PlanContext, u: UserRow, existing: Staff | undefined) {
  if (!existing || existing.disabled) return;
  if (existing.administrator) {
    const reason = "The SIS deletes an administrator: an administrator's account is locked only by a sysadmin.";
    protect(ctx, u, "administrator", reason, { enabled: { before: true, after: false } });
    return;
  }
  ctx.writes.disable.push(existing.user_id);
  ctx.change({ kind: "staff", action: "archived", sourced_id: u.sourcedId, name: nameOf(u) });
}

/** The school's staff member the row is (undefined: a new one); null when the row cannot be imported. */
export function checkStaff(ctx: PlanContext, pass: PeoplePass, row: StaffRow, existing: Staff | undefined): Staff | undefined | null {
  const { u, email } = row;
  if (!email) return userError(ctx, u, "A staff member needs an email (their username here).");
  const before = pass.seenEmails.get(email);
  if (before !== undefined) return userError(ctx, u, `The email ${email} is also on line ${before}.`);
  pass.seenEmails.set(email, u.line);
  const byEmail = ctx.look.staffByEmail.get(email);
  if (!existing && byEmail?.sourced_id) {
    return userError(ctx, u, `The email ${email} belongs to the SIS record ${byEmail.sourced_id}.`);
  }
  if (existing && byEmail && byEmail.id !== existing.id) {
    return userError(ctx, u, `The email ${email} belongs to another staff member.`);
  }
  return existing ?? byEmail;
}

/** Lists a person the SIS calls an administrator (the dry run's list for an administrator here). */
function listAdministrator(ctx: PlanContext, row: StaffRow, staff: Staff | undefined, granted: boolean, removed: boolean) {
  if (row.role !== "administrator") return;
  ctx.review.sis_administrators.push({
    sourced_id: row.u.sourcedId,
    name: nameOf(row.u),
    email: row.email,
    role: row.sisRole,
    staff_id: staff?.id ?? null,
    administrator: (staff?.administrator ?? false) || granted,
    granted,
    removed_by_school: removed,
  });
}

/** The position and department the row gives (those the file carries), else what the school has. */
function staffDetails(pass: PeoplePass, u: UserRow, match: Staff | undefined) {
  const position = pass.carried.position ? (u.position ?? "") : undefined;
  const department = pass.carried.department ? (u.department ?? "") : undefined;
  return { position: position ?? match?.position ?? "", department: department ?? match?.department ?? "" };
}

function createStaff(ctx: PlanContext, pass: PeoplePass, row: StaffRow) {
  const { u, sisRole } = row;
  const email = row.email!;
  if (ctx.look.usernames.has(email)) {
    userError(ctx, u, `The username ${email} is taken by another account.`);
    return;
  }
  // Only the sysadmin's setting lets the SIS make an administrator; aides and office roles do not take students at first.
  const administrator = row.role === "administrator" && ctx.state.sis_administrators_are_administrators;
  ctx.writes.staff.insert.push({
    sourced_id: u.sourcedId,
    email,
    first_name: u.givenName,
    last_name: u.familyName,
    administrator,
    takes_students: row.role === "teacher",
    ...staffDetails(pass, u, undefined),
    sis_role: sisRole,
    sis_values: administrator ? { administrator: true } : null,
    disabled: !u.enabledUser,
  });
  const to = administrator ? "administrator" : "staff";
  ctx.review.role_changes.push({ sourced_id: u.sourcedId, name: nameOf(u), from: null, to, sis_role: sisRole });
  listAdministrator(ctx, row, undefined, administrator, false);
  ctx.change({ kind: "staff", action: "created", sourced_id: u.sourcedId, name: nameOf(u) });
}

/** The flag: given only with the sysadmin's setting, never again once the school took it away, never removed. */
export function administratorFlag(ctx: PlanContext, row: StaffRow, match: Staff) {
  const asked = row.role === "administrator" && ctx.state.sis_administrators_are_administrators && !match.administrator;
  const grant = asked && sisMayFill(false, match.sis_values?.administrator);
  const removedBySchool = asked && !grant;
  if (removedBySchool) {
    tally(ctx.review.kept, "staff", "administrator", { sourced_id: row.u.sourcedId, name: nameOf(row.u), before: false, after: true });
  }
  return { grant, removedBySchool };
}

const STAFF_KEYS = ["sourced_id", "email", "first_name", "last_name", "administrator", "position", "department", "sis_role"] as const;

/** An administrator's account is changed only by a sysadmin, in Flexblock: those fields are skipped (and listed). */
function keepAdministratorAccount(ctx: PlanContext, u: UserRow, match: Staff, fields: Fields, wanted: Record<(typeof STAFF_KEYS)[number], unknown>) {
  if (!match.administrator) return;
  const skipped: Fields = {};
  for (const field of PROTECTED_ACCOUNT_FIELDS) {
    if (!fields[field]) continue;
    skipped[field] = fields[field];
    delete fields[field];
  }
  if (!isEmpty(skipped)) {
    protect(ctx, u, "administrator", "The row would change an administrator's account: only a sysadmin changes it.", skipped);
  }
  wanted.email = match.email;
  wanted.first_name = match.first_name;
  wanted.last_name = match.last_name;
}

export function updateStaff(ctx: PlanContext, pass: PeoplePass, row: StaffRow, match: Staff) {
  const { u, sisRole } = row;
  const email = row.email!;
  const { grant, removedBySchool } = administratorFlag(ctx, row, match);
  const wanted = {
    sourced_id: u.sourcedId,
    email,
    first_name: u.givenName,
    last_name: u.familyName,
    administrator: match.administrator || grant,
    ...staffDetails(pass, u, match),
    sis_role: sisRole,
  };
  const fields = diff(pick(match, STAFF_KEYS), wanted);
  if (!u.enabledUser && !match.disabled) fields.enabled = { before: true, after: false };
  keepAdministratorAccount(ctx, u, match, fields, wanted);
  listAdministrator(ctx, row, match, grant, removedBySchool);
  if (isEmpty(fields)) return ctx.unchanged("staff", u.sourcedId);
  if (fields.email && ctx.look.usernames.has(email)) {
    userError(ctx, u, `The username ${email} is taken by another account.`);
    return;
  }
  const values = { ...wanted, sis_values: recorded(match.sis_values, grant ? { administrator: true } : {}) };
  if (Object.keys(fields).some((k) => k !== "enabled")) ctx.writes.staff.update.push({ ...values, id: match.id, user_id: match.user_id });
  if (fields.enabled) ctx.writes.disable.push(match.user_id);
  if (grant || fields.sis_role) {
    const from = match.administrator ? "administrator" : "staff";
    const to = grant ? "administrator" : from;
    ctx.review.role_changes.push({ sourced_id: u.sourcedId, name: nameOf(u), from, to, sis_role: sisRole, sis_role_before: match.sis_role });
  }
  countOverwrites(ctx, "staff", u, fields);
  ctx.change({ kind: "staff", action: "updated", sourced_id: u.sourcedId, name: nameOf(u), fields });
}
