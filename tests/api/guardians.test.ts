/** @jest-environment node */
import { eq } from "drizzle-orm";
import { GET, POST } from "@/app/api/students/[id]/guardians/route";
import { DELETE } from "@/app/api/students/[id]/guardians/[guardianId]/route";
import { auditLog, guardians, users } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

const state = useTestDb();

async function setup() {
  const admin = await createAdmin(state.db);
  const student = await createStudent(state.db, { first_name: "Rosa" });
  return { admin, student, token: await tokenFor(state.db, admin), params: { id: String(student.student.id) } };
}

describe("family contacts: /api/students/{id}/guardians", () => {
  it("an administrator adds, lists and removes a contact; each is audited", async () => {
    const { token, params, student } = await setup();
    const added = await call(POST, { token, params, body: { name: "Maria Diaz", email: " Maria.Diaz@Family.example ", relationship: "parent" } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: "Maria Diaz", email: "maria.diaz@family.example", relationship: "parent", source: "manual" });
    const noRelationship = await call(POST, { token, params, body: { name: "Jo Diaz", email: "jo@family.example" } });
    expect(noRelationship.body.relationship).toBe("guardian");

    const list = await call(GET, { token, params });
    expect(list.status).toBe(200);
    expect(list.body.addresses_shown).toBe(true);
    expect(list.body.guardians.map((g: { email: string }) => g.email)).toEqual(["jo@family.example", "maria.diaz@family.example"]);

    const removed = await call(DELETE, { method: "DELETE", token, params: { ...params, guardianId: String(added.body.id) } });
    expect(removed.status).toBe(200);
    const again = await call(DELETE, { method: "DELETE", token, params: { ...params, guardianId: String(added.body.id) } });
    expect(again.status).toBe(404);
    const rows = await state.db.select().from(guardians).where(eq(guardians.student_id, student.student.id));
    expect(rows.map((g) => g.email)).toEqual(["jo@family.example"]);
    const audit = await state.db.select().from(auditLog).where(eq(auditLog.action, "guardian.add"));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    // A contact is never an account.
    expect(await state.db.select().from(users).where(eq(users.username, "maria.diaz@family.example"))).toEqual([]);
  });

  it("keeps the language their emails are written in, or null for the school's; refuses one Flexblock does not offer (422)", async () => {
    const { token, params } = await setup();
    const spanish = await call(POST, { token, params, body: { name: "Lucia Diaz", email: "lucia@family.example", locale: "es" } });
    expect(spanish.status).toBe(201);
    expect(spanish.body.locale).toBe("es");
    const unset = await call(POST, { token, params, body: { name: "Tomas Diaz", email: "tomas@family.example", locale: null } });
    expect(unset.body.locale).toBeNull();
    const german = await call(POST, { token, params, body: { name: "Karl Diaz", email: "karl@family.example", locale: "de" } });
    expect(german.status).toBe(422);
    expect(german.body.errors.locale).toEqual(["Choose one of the languages Flexblock offers."]);
  });

  it("a teacher sees names and relationship but no address; a student is forbidden; nobody signed out", async () => {
    const { token, params } = await setup();
    await call(POST, { token, params, body: { name: "Ana Ruiz", email: "ana@family.example", relationship: "parent" } });
    const teacher = await tokenFor(state.db, await createStaff(state.db));
    const seen = await call(GET, { token: teacher, params });
    expect(seen.status).toBe(200);
    expect(seen.body.addresses_shown).toBe(false);
    expect(seen.body.guardians).toEqual([{ id: expect.any(Number), name: "Ana Ruiz", relationship: "parent", source: "manual" }]);
    expect(JSON.stringify(seen.body)).not.toContain("ana@family.example");
    expect((await call(POST, { token: teacher, params, body: { name: "X", email: "x@family.example" } })).status).toBe(403);
    expect((await call(DELETE, { method: "DELETE", token: teacher, params: { ...params, guardianId: String(seen.body.guardians[0].id) } })).status).toBe(403);

    const student = await createStudent(state.db);
    const own = await call(GET, { token: await tokenFor(state.db, student), params: { id: String(student.student.id) } });
    expect(own.status).toBe(403);
    expect((await call(GET, { token: await tokenFor(state.db, student), params })).status).toBe(403);
    expect((await call(GET, { params })).status).toBe(401);

    const sysadmin = await call(GET, { token: await tokenFor(state.db, await createSysadmin(state.db)), params });
    expect(sysadmin.body.guardians[0].email).toBe("ana@family.example");
  });

  it("refuses bad addresses and names with 422, a duplicate with 409 guardian_exists, an unknown student 404", async () => {
    const { token, params } = await setup();
    const bad = ["a@", "a b@family.example", `${"a".repeat(290)}@family.example`, "jöse@família.example", "x@family.example\r\nBcc: all@school.example", "x@family.example\n", "", 42];
    for (const email of bad) {
      const answer = await call(POST, { token, params, body: { name: "Someone", email } });
      expect(answer.status).toBe(422);
      expect(answer.body.errors.email).toEqual([expect.any(String)]);
    }
    const badName = await call(POST, { token, params, body: { name: "Eve\r\nBcc: x", email: "eve@family.example" } });
    expect(badName.status).toBe(422);
    expect(badName.body.errors.name).toBeDefined();
    expect((await call(POST, { token, params, rawBody: "{not json" })).status).toBe(400);

    expect((await call(POST, { token, params, body: { name: "Pat", email: "pat@family.example" } })).status).toBe(201);
    const dup = await call(POST, { token, params, body: { name: "Pat again", email: "PAT@family.example" } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("guardian_exists");
    expect(dup.body.message).toBe("This student already has a family contact with that email address.");

    expect((await call(GET, { token, params: { id: "99999" } })).status).toBe(404);
    expect((await call(POST, { token, params: { id: "99999" }, body: { name: "Pat", email: "pat@family.example" } })).status).toBe(404);
    expect((await call(GET, { token, params: { id: "abc" } })).status).toBe(422);
    // Another student's contact cannot be removed through this student.
    const other = await setup();
    const theirs = await call(POST, { token: other.token, params: other.params, body: { name: "Lee", email: "lee@family.example" } });
    expect((await call(DELETE, { method: "DELETE", token, params: { ...params, guardianId: String(theirs.body.id) } })).status).toBe(404);
  });
});
