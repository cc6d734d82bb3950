import {
  PROTECTED_ACCOUNT_FIELDS,
  STAFF_FIELDS,
  STUDENT_FIELDS,
  sisMayFill,
} from "@/lib/people/field-owners";
import { gradeNumber, type UserRow } from "./parse";
import type { StudentValues } from "./plan-types";
import { carries, diff, isEmpty, pick, tally, type Fields, type PlanContext } from "./plan-shared";

/**
 * People: students and staff from users.csv (their role from users.role in 1.1, roles.csv in 1.2),
 * matched on sourcedId (a person the school made by hand is adopted by student number or staff email).
 *
 * Trust: a OneRoster role never grants the administrator flag — the SIS calls principals and office staff
 * alike "administrator" — unless a sysadmin turned on sis-administrators-are-administrators; the dry run
 * lists each person the SIS calls an administrator, for an administrator here to give the flag. No row
 * changes an administrator's or a sysadmin's account (email and username, names, enabled, the flag):
 * such a row is skipped and listed. Fields follow lib/people/field-owners.ts.
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

export interface PlannedPeople {
  roleOf: Map<string, Role>;
  userBySourced: Map<string, UserRow>;
}

const nameOf = (u: { givenName: string; familyName: string }) => `${u.givenName} ${u.familyName}`;

/** The sis_values to store: the old ones with the SIS's new values (null when nothing is recorded). */
function recorded(old: Record<string, unknown> | null, values: Record<string, unknown>) {
  const next = { ...(old ?? {}), ...values };
  return Object.keys(next).length ? next : null;
}
/** The same values whatever the keys' order (jsonb reorders them). */
const sameRecord = (a: Record<string, unknown> | null, b: Record<string, unknown> | null) => {
  const text = (o: Record<string, unknown> | null) =>
    JSON.stringify(Object.entries(o ?? {}).sort(([x], [y]) => (x < y ? -1 : 1)));
  return text(a) === text(b);
};

export async function planPeople(ctx: PlanContext): Promise<PlannedPeople> {
  const { bundle, state, options, errors, writes, review } = ctx;
  const modes = bundle.modes;
  const roleOf = new Map<string, Role>();
  const rolesByUser = new Map<string, { role: string; primary: boolean }[]>();
  for (const r of bundle.roles) {
    await ctx.turn();
    if (r.status === "tobedeleted" || !ctx.inOrg(r.orgSourcedId)) continue;
    const list = rolesByUser.get(r.userSourcedId) ?? [];
    list.push({ role: r.role, primary: r.roleType === "primary" });
    rolesByUser.set(r.userSourcedId, list);
  }
  const studentBySourced = new Map(state.students.filter((s) => s.sourced_id).map((s) => [s.sourced_id!, s]));
  const studentByNumber = new Map(state.students.map((s) => [s.student_number, s]));
  const staffBySourced = new Map(state.staff.filter((s) => s.sourced_id).map((s) => [s.sourced_id!, s]));
  const staffByEmail = new Map(state.staff.map((s) => [s.email.toLowerCase(), s]));
  const usernames = new Set(state.usernames);
  const sysadmins = new Set(state.sysadmin_usernames);
  const studentByEmail = new Map(state.students.filter((s) => s.email).map((s) => [s.email!, s]));
  const userBySourced = new Map(bundle.users.map((u) => [u.sourcedId, u]));
  const seenNumbers = new Map<string, number>();
  const seenEmails = new Map<string, number>();
  const seenStudentEmails = new Map<string, number>();
  const listedStudents = new Set<string>();
  const listedStaff = new Set<string>();
  const sisAdministratorsAreAdministrators = state.sis_administrators_are_administrators;
  const carried = {
    email: carries(bundle, "users", "email"),
    preferred: carries(bundle, "users", "preferredFirstName"),
    position: carries(bundle, "users", "position"),
    department: carries(bundle, "users", "department"),
  };

  const org = ctx.org;
  const userInOrg = (u: UserRow) => {
    if (!org) return true;
    if (u.role) return u.orgSourcedIds.length === 0 || u.orgSourcedIds.includes(org);
    return rolesByUser.has(u.sourcedId);
  };
  /** A row that would change a sysadmin's or an administrator's account: skipped, listed. */
  const protect = (u: UserRow, who: "sysadmin" | "administrator", reason: string, fields: Fields = {}) =>
    review.protected.push({
      sourced_id: u.sourcedId,
      name: nameOf(u),
      line: u.line,
      account: who,
      reason,
      fields,
    });
  /** The SIS-owned fields an update overwrites, counted by field for the dry run. */
  const overwrites = (kind: "student" | "staff", u: UserRow, fields: Fields) => {
    const owners: Record<string, { owner: string }> = kind === "student" ? STUDENT_FIELDS : STAFF_FIELDS;
    for (const [field, change] of Object.entries(fields)) {
      if (
        owners[field]?.owner === "sis" &&
        field !== "sourced_id" &&
        change.before !== null &&
        change.before !== undefined
      )
        tally(review.overwrites, kind, field, { sourced_id: u.sourcedId, name: nameOf(u), ...change });
    }
  };

  for (const u of bundle.users) {
    await ctx.turn();
    if (!userInOrg(u)) continue;
    const fromRoles = rolesByUser.get(u.sourcedId);
    const rawRole = (u.role ?? (fromRoles?.find((r) => r.primary) ?? fromRoles?.[0])?.role ?? "").replace(
      /\s/g,
      "",
    );
    const role = ROLE_OF[rawRole];
    if (!role) continue; // guardians, parents, relatives: not people of this product
    roleOf.set(u.sourcedId, role);
    const name = nameOf(u);
    if (role === "student") {
      listedStudents.add(u.sourcedId);
      const existing = studentBySourced.get(u.sourcedId);
      if (u.status === "tobedeleted") {
        if (existing && !existing.archived) {
          writes.students.archive.push(existing.id);
          ctx.change({ kind: "student", action: "archived", sourced_id: u.sourcedId, name });
        }
        continue;
      }
      const number = u.identifier ?? u.username;
      if (!number) {
        errors.push({
          file: "users.csv",
          line: u.line,
          reason: "A student needs an identifier (the student number) or a username.",
        });
        continue;
      }
      if (sysadmins.has(number.toLowerCase())) {
        protect(u, "sysadmin", `The student number ${number} is a system administrator's username.`);
        continue;
      }
      const grade = u.grades[0] === undefined ? null : gradeNumber(u.grades[0]);
      if (grade === null) {
        errors.push({
          file: "users.csv",
          line: u.line,
          reason: u.grades[0]
            ? `grades: ${u.grades[0]} is not a grade (KG, PK, 01–13).`
            : "A student needs a grade.",
        });
        continue;
      }
      if (options.grades && (grade < options.grades.min || grade > options.grades.max)) {
        const shown = (g: number) => (g === 0 ? "KG" : g === -1 ? "PK" : String(g));
        errors.push({
          file: "users.csv",
          line: u.line,
          reason: `grades: ${u.grades[0]} is outside the school's grades (${shown(options.grades.min)}–${shown(options.grades.max)}, in Settings).`,
        });
        continue;
      }
      const before = seenNumbers.get(number);
      if (before !== undefined) {
        errors.push({
          file: "users.csv",
          line: u.line,
          reason: `The student number ${number} is also on line ${before}.`,
        });
        continue;
      }
      seenNumbers.set(number, u.line);
      if (u.email) {
        const other = seenStudentEmails.get(u.email);
        if (other !== undefined)
          errors.push({
            file: "users.csv",
            line: u.line,
            reason: `The email ${u.email} is also on line ${other}.`,
          });
        seenStudentEmails.set(u.email, u.line);
      }
      const byNumber = studentByNumber.get(number);
      const match = existing ?? (byNumber && !byNumber.sourced_id ? byNumber : undefined);
      if (!existing && byNumber && byNumber.sourced_id) {
        errors.push({
          file: "users.csv",
          line: u.line,
          reason: `The student number ${number} belongs to the SIS record ${byNumber.sourced_id}.`,
        });
        continue;
      }
      if (byNumber && existing && byNumber.id !== existing.id) {
        errors.push({
          file: "users.csv",
          line: u.line,
          reason: `The student number ${number} belongs to another student.`,
        });
        continue;
      }
      const emailOwner = u.email ? studentByEmail.get(u.email) : undefined;
      if (emailOwner && emailOwner.id !== match?.id && !movedAway(emailOwner.sourced_id, u.email!)) {
        errors.push({
          file: "users.csv",
          line: u.line,
          reason: `The email ${u.email} belongs to another student.`,
        });
        continue;
      }
      // The preferred first name is the school's: the SIS fills it only while the school has not set it.
      const lastPreferred = match?.sis_values?.preferred_first_name as string | null | undefined;
      const mayFill = !match || sisMayFill(match.preferred_first_name, lastPreferred);
      const preferred = !carried.preferred
        ? (match?.preferred_first_name ?? null)
        : mayFill
          ? u.preferredFirstName
          : match!.preferred_first_name;
      if (match && carried.preferred && !mayFill && u.preferredFirstName !== match.preferred_first_name) {
        tally(review.kept, "student", "preferred_first_name", {
          sourced_id: u.sourcedId,
          name,
          before: match.preferred_first_name,
          after: u.preferredFirstName,
        });
      }
      const sisValues = carried.preferred ? { preferred_first_name: u.preferredFirstName } : {};
      const values: StudentValues = {
        sourced_id: u.sourcedId,
        student_number: number,
        first_name: u.givenName,
        last_name: u.familyName,
        preferred_first_name: preferred,
        email: carried.email || !match ? u.email : match.email,
        grade,
        sis_values: recorded(match?.sis_values ?? null, sisValues),
      };
      if (!match) {
        if (usernames.has(number.toLowerCase())) {
          errors.push({
            file: "users.csv",
            line: u.line,
            reason: `The username ${number} is taken by another account.`,
          });
          continue;
        }
        writes.students.insert.push({ ...values, disabled: !u.enabledUser });
        ctx.change({ kind: "student", action: "created", sourced_id: u.sourcedId, name });
        continue;
      }
      const keys = [
        "sourced_id",
        "student_number",
        "first_name",
        "last_name",
        "preferred_first_name",
        "email",
        "grade",
      ] as const;
      const fields = diff(pick(match, keys), pick(values, keys));
      if (match.archived) fields.archived = { before: true, after: false };
      if (!u.enabledUser && !match.disabled) fields.enabled = { before: true, after: false };
      const noted = sameRecord(match.sis_values, values.sis_values);
      const provenanceOnly = isEmpty(fields) && !noted;
      if (isEmpty(fields) && !provenanceOnly) {
        ctx.unchanged("student", u.sourcedId);
        continue;
      }
      if (fields.student_number && usernames.has(number.toLowerCase())) {
        errors.push({
          file: "users.csv",
          line: u.line,
          reason: `The username ${number} is taken by another account.`,
        });
        continue;
      }
      if (!noted || Object.keys(fields).some((k) => k !== "archived" && k !== "enabled")) {
        writes.students.update.push({ ...values, id: match.id, user_id: match.user_id });
      }
      // Nothing the school sees changes: only what the SIS last gave is noted.
      if (provenanceOnly) {
        ctx.unchanged("student", u.sourcedId);
        continue;
      }
      if (match.archived) writes.students.restore.push(match.id);
      if (fields.enabled) writes.disable.push(match.user_id);
      overwrites("student", u, fields);
      ctx.change({ kind: "student", action: "updated", sourced_id: u.sourcedId, name, fields });
      continue;
    }

    // Staff: teachers, administrators (principals and office staff), aides.
    listedStaff.add(u.sourcedId);
    const existing = staffBySourced.get(u.sourcedId);
    const email = u.email ?? (u.username.includes("@") ? u.username.toLowerCase() : null);
    const sisAdministrator = role === "administrator";
    const listAdministrator = (
      staff: { id: number; administrator: boolean } | undefined,
      granted: boolean,
      removed: boolean,
    ) => {
      if (sisAdministrator)
        review.sis_administrators.push({
          sourced_id: u.sourcedId,
          name,
          email,
          role: rawRole,
          staff_id: staff?.id ?? null,
          administrator: (staff?.administrator ?? false) || granted,
          granted,
          removed_by_school: removed,
        });
    };
    if (u.status === "tobedeleted") {
      if (existing && !existing.disabled) {
        if (existing.administrator) {
          protect(
            u,
            "administrator",
            "The SIS deletes an administrator: an administrator's account is locked only by a sysadmin.",
            { enabled: { before: true, after: false } },
          );
          continue;
        }
        writes.disable.push(existing.user_id);
        ctx.change({ kind: "staff", action: "archived", sourced_id: u.sourcedId, name });
      }
      continue;
    }
    if (!email) {
      errors.push({
        file: "users.csv",
        line: u.line,
        reason: "A staff member needs an email (their username here).",
      });
      continue;
    }
    const before = seenEmails.get(email);
    if (before !== undefined) {
      errors.push({
        file: "users.csv",
        line: u.line,
        reason: `The email ${email} is also on line ${before}.`,
      });
      continue;
    }
    seenEmails.set(email, u.line);
    const byEmail = staffByEmail.get(email);
    if (!existing && byEmail?.sourced_id) {
      errors.push({
        file: "users.csv",
        line: u.line,
        reason: `The email ${email} belongs to the SIS record ${byEmail.sourced_id}.`,
      });
      continue;
    }
    if (existing && byEmail && byEmail.id !== existing.id) {
      errors.push({
        file: "users.csv",
        line: u.line,
        reason: `The email ${email} belongs to another staff member.`,
      });
      continue;
    }
    const match = existing ?? byEmail;
    const emailChanges = !match || match.email.toLowerCase() !== email;
    if (emailChanges && sysadmins.has(email)) {
      protect(
        u,
        "sysadmin",
        `The email ${email} is a system administrator's username.`,
        match ? { email: { before: match.email, after: email } } : {},
      );
      listAdministrator(match, false, false);
      continue;
    }
    const sisValues = {
      position: carried.position ? (u.position ?? "") : undefined,
      department: carried.department ? (u.department ?? "") : undefined,
    };
    const position = sisValues.position ?? match?.position ?? "";
    const department = sisValues.department ?? match?.department ?? "";
    if (!match) {
      if (usernames.has(email)) {
        errors.push({
          file: "users.csv",
          line: u.line,
          reason: `The username ${email} is taken by another account.`,
        });
        continue;
      }
      // Only the sysadmin's setting lets the SIS make an administrator; aides and office roles do not take students at first.
      const administrator = sisAdministrator && sisAdministratorsAreAdministrators;
      writes.staff.insert.push({
        sourced_id: u.sourcedId,
        email,
        first_name: u.givenName,
        last_name: u.familyName,
        administrator,
        takes_students: role === "teacher",
        position,
        department,
        sis_role: rawRole,
        sis_values: administrator ? { administrator: true } : null,
        disabled: !u.enabledUser,
      });
      review.role_changes.push({
        sourced_id: u.sourcedId,
        name,
        from: null,
        to: administrator ? "administrator" : "staff",
        sis_role: rawRole,
      });
      listAdministrator(undefined, administrator, false);
      ctx.change({ kind: "staff", action: "created", sourced_id: u.sourcedId, name });
      continue;
    }
    // The flag: given only with the sysadmin's setting, never again once the school took it away, never removed.
    const lastFlag = match.sis_values?.administrator;
    const grant =
      sisAdministrator &&
      sisAdministratorsAreAdministrators &&
      !match.administrator &&
      sisMayFill(false, lastFlag);
    const removedBySchool =
      sisAdministrator && sisAdministratorsAreAdministrators && !match.administrator && !grant;
    if (removedBySchool)
      tally(review.kept, "staff", "administrator", {
        sourced_id: u.sourcedId,
        name,
        before: false,
        after: true,
      });
    const wanted = {
      sourced_id: u.sourcedId,
      email,
      first_name: u.givenName,
      last_name: u.familyName,
      administrator: match.administrator || grant,
      position,
      department,
      sis_role: rawRole,
    };
    const keys = [
      "sourced_id",
      "email",
      "first_name",
      "last_name",
      "administrator",
      "position",
      "department",
      "sis_role",
    ] as const;
    const fields = diff(pick(match, keys), wanted);
    if (!u.enabledUser && !match.disabled) fields.enabled = { before: true, after: false };
    // An administrator's account is changed only by a sysadmin, in Flexblock: those fields are skipped.
    if (match.administrator) {
      const skipped: Fields = {};
      for (const field of PROTECTED_ACCOUNT_FIELDS) {
        if (!fields[field]) continue;
        skipped[field] = fields[field];
        delete fields[field];
      }
      if (!isEmpty(skipped))
        protect(
          u,
          "administrator",
          "The row would change an administrator's account: only a sysadmin changes it.",
          skipped,
        );
      wanted.email = match.email;
      wanted.first_name = match.first_name;
      wanted.last_name = match.last_name;
    }
    listAdministrator(match, grant, removedBySchool);
    const values = {
      ...wanted,
      sis_values: recorded(match.sis_values, grant ? { administrator: true } : {}),
    };
    if (isEmpty(fields)) {
      ctx.unchanged("staff", u.sourcedId);
      continue;
    }
    if (fields.email && usernames.has(email)) {
      errors.push({
        file: "users.csv",
        line: u.line,
        reason: `The username ${email} is taken by another account.`,
      });
      continue;
    }
    if (Object.keys(fields).some((k) => k !== "enabled"))
      writes.staff.update.push({ ...values, id: match.id, user_id: match.user_id });
    if (fields.enabled) writes.disable.push(match.user_id);
    if (grant || fields.sis_role) {
      const from = match.administrator ? "administrator" : "staff";
      review.role_changes.push({
        sourced_id: u.sourcedId,
        name,
        from,
        to: grant ? "administrator" : from,
        sis_role: rawRole,
        sis_role_before: match.sis_role,
      });
    }
    overwrites("staff", u, fields);
    ctx.change({ kind: "staff", action: "updated", sourced_id: u.sourcedId, name, fields });
  }
  /** The bundle gives the email's present owner another email (or none): it may move. */
  function movedAway(sourced: string | null, email: string) {
    const row = sourced ? userBySourced.get(sourced) : undefined;
    return Boolean(row && row.status === "active" && row.email !== email);
  }

  // A bulk users file replaces: SIS people it no longer lists are archived (students) or locked (staff).
  if (modes.users === "bulk") {
    for (const s of state.students) {
      await ctx.turn();
      if (s.sourced_id && !listedStudents.has(s.sourced_id) && !s.archived) {
        writes.students.archive.push(s.id);
        ctx.change({
          kind: "student",
          action: "archived",
          sourced_id: s.sourced_id,
          name: `${s.first_name} ${s.last_name}`,
        });
      }
    }
    for (const s of state.staff) {
      await ctx.turn();
      if (!s.sourced_id || listedStaff.has(s.sourced_id) || s.disabled) continue;
      const name = `${s.first_name} ${s.last_name}`;
      if (s.administrator) {
        review.protected.push({
          sourced_id: s.sourced_id,
          name,
          line: 0,
          account: "administrator",
          reason:
            "The bulk users file leaves out an administrator: an administrator's account is locked only by a sysadmin.",
          fields: { enabled: { before: true, after: false } },
        });
        continue;
      }
      writes.disable.push(s.user_id);
      ctx.change({ kind: "staff", action: "archived", sourced_id: s.sourced_id, name });
    }
  }
  return { roleOf, userBySourced };
}
