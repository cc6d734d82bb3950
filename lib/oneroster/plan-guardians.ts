import type { PlannedPeople } from "./plan-people";
import type { PlanContext } from "./plan-context";
import type { RosterGuardianLink } from "./plan-types";

/**
 * Family contacts from users.csv: rows whose role is parent, guardian or relative are never people of
 * this product (no account is made: a file is not a person), but each one a student's agentSourcedIds
 * names (or that names the student in its own agentSourcedIds) becomes a contact of that student, with
 * its name, address and role as the relationship. A row without an address is left out (nothing could
 * be sent to it). Pure, like the rest of the planner.
 */
export const GUARDIAN_ROLES = new Set(["parent", "guardian", "relative"]);

export async function planGuardians(ctx: PlanContext, people: PlannedPeople): Promise<void> {
  const { bundle, writes } = ctx;
  if (bundle.modes.users === "absent") return;
  const rolesByUser = new Map<string, string>();
  for (const r of bundle.roles) {
    if (r.status === "tobedeleted") continue;
    if (!rolesByUser.has(r.userSourcedId) || r.roleType === "primary") rolesByUser.set(r.userSourcedId, r.role);
  }
  const roleOfRow = (u: (typeof bundle.users)[number]) => (u.role ?? rolesByUser.get(u.sourcedId) ?? "").replace(/\s/g, "");
  const isStudent = (sourcedId: string) => people.roleOf.get(sourcedId) === "student";
  const studentActive = (sourcedId: string) => people.userBySourced.get(sourcedId)?.status !== "tobedeleted";

  const links = new Map<string, RosterGuardianLink>();
  const link = (studentSourcedId: string, guardian: (typeof bundle.users)[number]) => {
    if (!isStudent(studentSourcedId) || !studentActive(studentSourcedId) || !guardian.email) return;
    const key = `${studentSourcedId}\u001f${guardian.sourcedId}`;
    if (links.has(key)) return;
    links.set(key, {
      student_sourced_id: studentSourcedId,
      sourced_id: guardian.sourcedId,
      name: `${guardian.givenName} ${guardian.familyName}`.trim().slice(0, 200),
      email: guardian.email,
      relationship: roleOfRow(guardian),
    });
  };
  for (const u of bundle.users) {
    await ctx.turn();
    const role = roleOfRow(u);
    if (GUARDIAN_ROLES.has(role)) {
      if (u.status === "tobedeleted") {
        writes.guardians.remove.push(u.sourcedId);
        continue;
      }
      for (const student of u.agentSourcedIds) link(student, u);
    } else if (isStudent(u.sourcedId) && u.status !== "tobedeleted") {
      for (const agent of u.agentSourcedIds) {
        const guardian = people.userBySourced.get(agent);
        if (guardian && guardian.status !== "tobedeleted" && GUARDIAN_ROLES.has(roleOfRow(guardian))) link(u.sourcedId, guardian);
      }
    }
  }
  writes.guardians.upsert = [...links.values()];
  if (bundle.modes.users === "bulk") {
    writes.guardians.sync_students = bundle.users.filter((u) => isStudent(u.sourcedId) && u.status !== "tobedeleted").map((u) => u.sourcedId);
  }
}
