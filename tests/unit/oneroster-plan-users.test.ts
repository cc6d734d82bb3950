/** @jest-environment node */
import { planPeople } from "@/lib/oneroster/plan-people";
import { planStaff, staffRow } from "@/lib/oneroster/plan-staff";
import { planStudent } from "@/lib/oneroster/plan-students";
import { newPeoplePass, rolesByUser, sisRoleOf, userInOrg } from "@/lib/oneroster/plan-users";
import type { Bundle } from "@/lib/oneroster/parse";
import type { RosterState } from "@/lib/oneroster/plan-types";
import { emptyRoster, localStaff, localStudent, planContext, roleRow, rosterRows, teacherRow, userRow } from "../helpers/oneroster-rows";

const studentOnce = (rows: Bundle, roster?: RosterState, grades?: { min: number; max: number }) => {
  const ctx = planContext(rows, roster, { grades });
  const pass = newPeoplePass(ctx);
  for (const u of rows.users) planStudent(ctx, pass, u);
  return ctx;
};

describe("users and roles", () => {
  it("takes a 1.2 user's role from roles.csv (the primary one), and places the user at the school by their roles", async () => {
    const u = userRow({ sourcedId: "u1", role: null });
    const other = userRow({ sourcedId: "u2", role: null });
    const rows = rosterRows({
      users: [u, other],
      roles: [
        roleRow({ userSourcedId: "u1", role: "aide", roleType: "secondary" }),
        roleRow({ userSourcedId: "u1", role: "teacher" }),
        roleRow({ userSourcedId: "u2", role: "teacher", orgSourcedId: "elsewhere" }),
      ],
    });
    const ctx = planContext(rows, emptyRoster(), { org_sourced_id: null });
    Object.assign(ctx, { org: "school", inOrg: (id: string) => id === "school" });
    const roles = await rolesByUser(ctx);
    expect(sisRoleOf(u, roles)).toBe("teacher");
    expect(userInOrg("school", roles, u)).toBe(true);
    expect(userInOrg("school", roles, other)).toBe(false);
    expect(userInOrg("school", roles, userRow({ sourcedId: "u3", orgSourcedIds: ["elsewhere"] }))).toBe(false);
  });

  it("plans students and staff by role and leaves guardians out", async () => {
    const rows = rosterRows({
      users: [userRow({ sourcedId: "s1", identifier: "1001" }), teacherRow({ sourcedId: "t1" }), userRow({ sourcedId: "p1", role: "parent" })],
    });
    const ctx = planContext(rows);
    const people = await planPeople(ctx);
    expect([...people.roleOf]).toEqual([["s1", "student"], ["t1", "teacher"]]);
    expect(ctx.writes.students.insert.map((s) => s.student_number)).toEqual(["1001"]);
    expect(ctx.writes.staff.insert.map((s) => s.email)).toEqual(["t1@school.test"]);
  });

  it("a bulk users file archives the SIS's students it leaves out and locks its staff, but lists an administrator instead", async () => {
    const roster = emptyRoster({
      students: [localStudent({ id: 1, sourced_id: "gone" }), localStudent({ id: 2 })],
      staff: [localStaff({ id: 1, sourced_id: "left" }), localStaff({ id: 2, sourced_id: "boss", administrator: true })],
    });
    const ctx = planContext(rosterRows({ users: [] }, { users: "bulk" }), roster);
    await planPeople(ctx);
    expect(ctx.writes.students.archive).toEqual([1]);
    expect(ctx.writes.disable).toEqual([2001]);
    expect(ctx.review.protected.map((p) => [p.sourced_id, p.account])).toEqual([["boss", "administrator"]]);
  });
});

describe("planStudent", () => {
  it("creates a student with their number, grade and (carried) email", () => {
    const ctx = studentOnce(rosterRows({ users: [userRow({ sourcedId: "s1", identifier: "1001", email: "a@school.test", grades: ["KG"] })] }));
    expect(ctx.writes.students.insert).toEqual([
      expect.objectContaining({ sourced_id: "s1", student_number: "1001", grade: 0, email: "a@school.test", disabled: false }),
    ]);
    expect(ctx.changes).toEqual([{ kind: "student", action: "created", sourced_id: "s1", name: "Given s1" }]);
  });

  it("refuses a grade outside the school's, a second row with the same number and a number that is a sysadmin's username", () => {
    const rows = rosterRows({
      users: [
        userRow({ sourcedId: "s1", identifier: "1001", grades: ["07"], line: 2 }),
        userRow({ sourcedId: "s2", identifier: "1002", line: 3 }),
        userRow({ sourcedId: "s3", identifier: "1002", line: 4 }),
        userRow({ sourcedId: "s4", identifier: "Root", line: 5 }),
      ],
    });
    const ctx = studentOnce(rows, emptyRoster({ sysadmin_usernames: ["root"] }), { min: 8, max: 12 });
    expect(ctx.errors).toEqual([
      { file: "users.csv", line: 2, reason: "grades: 07 is outside the school's grades (8–12, in Settings)." },
      { file: "users.csv", line: 4, reason: "The student number 1002 is also on line 3." },
    ]);
    expect(ctx.review.protected.map((p) => p.sourced_id)).toEqual(["s4"]);
    expect(ctx.writes.students.insert.map((s) => s.sourced_id)).toEqual(["s2"]);
  });

  it("adopts a student the school made by hand by their number, and keeps the school's preferred name", () => {
    const mine = localStudent({ id: 5, student_number: "1001", preferred_first_name: "Bea", sis_values: { preferred_first_name: "Bee" } });
    const ctx = studentOnce(
      rosterRows({ users: [userRow({ sourcedId: "s1", identifier: "1001", preferredFirstName: "Beatrix", givenName: "Given", familyName: "Student5" })] }),
      emptyRoster({ students: [mine] }),
    );
    expect(ctx.writes.students.update).toEqual([
      expect.objectContaining({ id: 5, sourced_id: "s1", preferred_first_name: "Bea", sis_values: { preferred_first_name: "Beatrix" } }),
    ]);
    expect(ctx.changes[0]!.fields).toEqual({ sourced_id: { before: null, after: "s1" } });
    expect(ctx.review.kept).toEqual([expect.objectContaining({ kind: "student", field: "preferred_first_name", count: 1 })]);
  });

  it("counts a student sent again as they are as unchanged, and archives one marked tobedeleted", () => {
    const noted = { preferred_first_name: null };
    const same = localStudent({ id: 1, sourced_id: "s1", student_number: "1001", first_name: "Given", last_name: "s1", sis_values: noted });
    const leaving = localStudent({ id: 2, sourced_id: "s2" });
    const ctx = studentOnce(
      rosterRows({ users: [userRow({ sourcedId: "s1", identifier: "1001" }), userRow({ sourcedId: "s2", status: "tobedeleted" })] }),
      emptyRoster({ students: [same, leaving] }),
    );
    expect(ctx.unchangedCount()).toBe(1);
    expect(ctx.writes.students.update).toEqual([]);
    expect(ctx.writes.students.archive).toEqual([2]);
  });
});

describe("planStaff", () => {
  const staffOnce = (rows: Bundle, roster?: RosterState) => {
    const ctx = planContext(rows, roster);
    const pass = newPeoplePass(ctx);
    for (const u of rows.users) planStaff(ctx, pass, staffRow(u, u.role === "teacher" ? "teacher" : "administrator", u.role ?? ""));
    return ctx;
  };

  it("creates a teacher who takes students, and an SIS administrator without the flag (listed for an administrator here)", () => {
    const ctx = staffOnce(rosterRows({ users: [teacherRow({ sourcedId: "t1" }), teacherRow({ sourcedId: "p1", role: "principal" })] }));
    expect(ctx.writes.staff.insert.map((s) => [s.sourced_id, s.takes_students, s.administrator])).toEqual([
      ["t1", true, false],
      ["p1", false, false],
    ]);
    expect(ctx.review.sis_administrators).toEqual([expect.objectContaining({ sourced_id: "p1", granted: false, administrator: false })]);
  });

  it("gives the flag only with the sysadmin's setting", () => {
    const ctx = planContext(rosterRows({ users: [teacherRow({ sourcedId: "p1", role: "principal" })] }), emptyRoster({ sis_administrators_are_administrators: true }));
    planStaff(ctx, newPeoplePass(ctx), staffRow(ctx.bundle.users[0]!, "administrator", "principal"));
    expect(ctx.writes.staff.insert[0]).toMatchObject({ administrator: true, sis_values: { administrator: true } });
  });

  it("never changes an administrator's account: the names are skipped and listed, the position still follows the SIS", () => {
    const boss = localStaff({ id: 1, sourced_id: "b1", email: "b1@school.test", first_name: "Ann", last_name: "Lee", administrator: true });
    const ctx = staffOnce(
      rosterRows({ users: [teacherRow({ sourcedId: "b1", givenName: "Anne", familyName: "Lee", position: "Principal" })] }),
      emptyRoster({ staff: [boss] }),
    );
    expect(ctx.review.protected).toEqual([
      expect.objectContaining({ sourced_id: "b1", account: "administrator", fields: { first_name: { before: "Ann", after: "Anne" } } }),
    ]);
    expect(ctx.writes.staff.update).toEqual([expect.objectContaining({ id: 1, first_name: "Ann", position: "Principal" })]);
  });

  it("refuses a second row with the same email, and an email the SIS gave another staff member", () => {
    const other = localStaff({ id: 1, sourced_id: "x9", email: "t2@school.test" });
    const ctx = staffOnce(
      rosterRows({
        users: [teacherRow({ sourcedId: "t1", line: 2 }), teacherRow({ sourcedId: "t1b", email: "t1@school.test", line: 3 }), teacherRow({ sourcedId: "t2", line: 4 })],
      }),
      emptyRoster({ staff: [other] }),
    );
    expect(ctx.errors.map((e) => [e.line, e.reason])).toEqual([
      [3, "The email t1@school.test is also on line 2."],
      [4, "The email t2@school.test belongs to the SIS record x9."],
    ]);
  });
});
