import type { UserRow } from "./bundle-files";
import type { PlanContext } from "./plan-context";
import { planStaff, staffRow } from "./plan-staff";
import { planStudent } from "./plan-students";
import { newPeoplePass, ROLE_OF, rolesByUser, sisRoleOf, userInOrg, type PeoplePass, type Role } from "./plan-users";

/**
 * People: students (lib/oneroster/plan-students.ts) and staff (plan-staff.ts) from users.csv, each row by
 * its role (plan-users.ts); a bulk users file also retires the SIS's people it no longer lists.
 */

export { ROLE_OF, type Role } from "./plan-users";

export interface PlannedPeople {
  roleOf: Map<string, Role>;
  userBySourced: Map<string, UserRow>;
}

export async function planPeople(ctx: PlanContext): Promise<PlannedPeople> {
  const roles = await rolesByUser(ctx);
  const pass = newPeoplePass(ctx);
  const roleOf = new Map<string, Role>();
  for (const u of ctx.bundle.users) {
    await ctx.turn();
    if (!userInOrg(ctx.org, roles, u)) {
      ctx.otherSchools.users += 1;
      continue;
    }
    const sisRole = sisRoleOf(u, roles);
    const role = ROLE_OF[sisRole];
    if (!role) continue; // guardians, parents, relatives: not people of this product
    roleOf.set(u.sourcedId, role);
    if (role === "student") planStudent(ctx, pass, u);
    else planStaff(ctx, pass, staffRow(u, role, sisRole));
  }
  if (ctx.bundle.modes.users === "bulk") await retireUnlisted(ctx, pass);
  return { roleOf, userBySourced: ctx.look.userBySourced };
}

/** A bulk users file replaces: SIS people it no longer lists are archived (students) or locked (staff). */
export async function retireUnlisted(ctx: PlanContext, pass: PeoplePass) {
  const { state, writes } = ctx;
  for (const s of state.students) {
    await ctx.turn();
    if (s.sourced_id && !pass.listedStudents.has(s.sourced_id) && !s.archived) {
      writes.students.archive.push(s.id);
      ctx.change({ kind: "student", action: "archived", sourced_id: s.sourced_id, name: `${s.first_name} ${s.last_name}` });
    }
  }
  for (const s of state.staff) {
    await ctx.turn();
    if (!s.sourced_id || pass.listedStaff.has(s.sourced_id) || s.disabled) continue;
    const name = `${s.first_name} ${s.last_name}`;
    if (s.administrator) {
      ctx.review.protected.push({
        sourced_id: s.sourced_id,
        name,
        line: 0,
        account: "administrator",
        reason: "The bulk users file leaves out an administrator: an administrator's account is locked only by a sysadmin.",
        fields: { enabled: { before: true, after: false } },
      });
      continue;
    }
    writes.disable.push(s.user_id);
    ctx.change({ kind: "staff", action: "archived", sourced_id: s.sourced_id, name });
  }
}
