/** @jest-environment node */
import { eq, inArray } from "drizzle-orm";
import { GET as importRoute } from "@/app/api/imports/[id]/route";
import { guardians, students, users } from "@/db/schema";
import { applyImport, planImport } from "@/lib/oneroster/apply.server";
import { presentPlan } from "@/lib/oneroster/present";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { csvFile, upload } from "../helpers/imports";
import { buildBundle, type BundleSpec, type UserSpec } from "../helpers/oneroster-bundle";

/** Family contacts from a OneRoster bundle (parent, guardian and relative rows) and the student CSV's guardian columns. */

const state = useTestDb();
let adminToken: string;

beforeAll(async () => {
  adminToken = await tokenFor(state.db, await createAdmin(state.db));
});

const contactsOf = async (studentSourcedId: string) => {
  const [student] = await state.db.select().from(students).where(eq(students.sourced_id, studentSourcedId));
  const rows = await state.db.select().from(guardians).where(eq(guardians.student_id, student!.id)).orderBy(guardians.email);
  return rows.map((g) => ({ name: g.name, email: g.email, relationship: g.relationship, source: g.source, sourced_id: g.sourced_id }));
};

function bundle(users: UserSpec[], modes: BundleSpec["modes"] = {}): Uint8Array {
  return buildBundle({
    modes: { academicSessions: "absent", courses: "absent", classes: "absent", enrollments: "absent", ...modes },
    orgs: [{ sourcedId: "org-school-1", name: "Cedar Ridge", type: "school" }],
    users,
  });
}

const rosa = (agents: string): UserSpec => ({
  sourcedId: "stu-rosa",
  role: "student",
  givenName: "Rosa",
  familyName: "Diaz",
  identifier: "810001",
  grades: "10",
  email: "rosa@students.example",
  agentSourcedIds: agents,
});

describe("guardians from OneRoster users.csv", () => {
  it("links parent, guardian and relative rows by the student's agentSourcedIds; never an account", async () => {
    const accountsBefore = (await state.db.select({ id: users.id }).from(users)).length;
    const first = bundle([
      rosa("par-1,rel-1"),
      { sourcedId: "par-1", role: "parent", givenName: "Maria", familyName: "Diaz", email: "Maria@Family.example" },
      { sourcedId: "rel-1", role: "relative", givenName: "Tia", familyName: "Lopez", email: "tia@family.example" },
      // Names the student from its own side.
      { sourcedId: "gdn-1", role: "guardian", givenName: "Jo", familyName: "Diaz", email: "jo@family.example", agentSourcedIds: "stu-rosa" },
      // No address: nothing could be sent to them.
      { sourcedId: "par-2", role: "parent", givenName: "No", familyName: "Mail", agentSourcedIds: "stu-rosa" },
    ]);
    // The dry run counts them (and makes one account: Rosa's).
    const dry = presentPlan(await planImport(state.db, first, {}));
    expect(dry.family_contacts).toBe(3);
    expect(dry.counts.created).toBe(1);
    await applyImport(state.db, first, {}, new Date());
    expect(await contactsOf("stu-rosa")).toEqual([
      { name: "Jo Diaz", email: "jo@family.example", relationship: "guardian", source: "oneroster", sourced_id: "gdn-1" },
      { name: "Maria Diaz", email: "maria@family.example", relationship: "parent", source: "oneroster", sourced_id: "par-1" },
      { name: "Tia Lopez", email: "tia@family.example", relationship: "relative", source: "oneroster", sourced_id: "rel-1" },
    ]);
    // One account made: Rosa's. A file is not a person.
    expect((await state.db.select({ id: users.id }).from(users)).length).toBe(accountsBefore + 1);
    expect(await state.db.select().from(users).where(inArray(users.username, ["maria@family.example", "par-1", "gdn-1"]))).toEqual([]);
  });

  it("a later import updates them, drops those it no longer lists, and keeps the contacts the school added", async () => {
    const [student] = await state.db.select().from(students).where(eq(students.sourced_id, "stu-rosa"));
    await state.db.insert(guardians).values({ student_id: student!.id, name: "Added By Hand", email: "hand@family.example", relationship: "aunt" });
    await applyImport(
      state.db,
      bundle([
        rosa("par-1"),
        { sourcedId: "par-1", role: "parent", givenName: "Maria", familyName: "Diaz-Ruiz", email: "maria.new@family.example" },
        { sourcedId: "hand-1", role: "parent", givenName: "Same", familyName: "Address", email: "hand@family.example", agentSourcedIds: "stu-rosa" },
      ]),
      {},
      new Date(),
    );
    expect(await contactsOf("stu-rosa")).toEqual([
      // The school's own contact stays as the school wrote it, even though the SIS sends the same address.
      { name: "Added By Hand", email: "hand@family.example", relationship: "aunt", source: "manual", sourced_id: null },
      { name: "Maria Diaz-Ruiz", email: "maria.new@family.example", relationship: "parent", source: "oneroster", sourced_id: "par-1" },
    ]);
    // The same bundle again changes nothing.
    const again = bundle([
      rosa("par-1"),
      { sourcedId: "par-1", role: "parent", givenName: "Maria", familyName: "Diaz-Ruiz", email: "maria.new@family.example" },
    ]);
    await applyImport(state.db, again, {}, new Date());
    await applyImport(state.db, again, {}, new Date());
    expect((await contactsOf("stu-rosa")).map((g) => g.email)).toEqual(["hand@family.example", "maria.new@family.example"]);
  });

  it("a delta that deletes a guardian removes them; one that leaves them out keeps them", async () => {
    await applyImport(state.db, bundle([rosa("")], { users: "delta" }), {}, new Date());
    expect((await contactsOf("stu-rosa")).map((g) => g.email)).toEqual(["hand@family.example", "maria.new@family.example"]);
    await applyImport(
      state.db,
      bundle([{ sourcedId: "par-1", role: "parent", givenName: "Maria", familyName: "Diaz-Ruiz", email: "maria.new@family.example", status: "tobedeleted" }], {
        users: "delta",
      }),
      {},
      new Date(),
    );
    expect((await contactsOf("stu-rosa")).map((g) => g.email)).toEqual(["hand@family.example"]);
  });
});

describe("guardians from the student CSV's guardian columns", () => {
  const headers = "first_name,last_name,grade,student_number,guardian_email,guardian_name,guardian_language";

  async function importFile(lines: string[], updateExisting = false) {
    const res = await upload({ token: adminToken, file: csvFile(lines), headers, updateExisting });
    expect(res.status).toBe(202);
    await runPendingJobs(state.db);
    const report = await call(importRoute, { token: adminToken, params: { id: String(res.body.import_id ?? res.body.id) } });
    return report.body;
  }

  const contactsByNumber = async (number: string) => {
    const [student] = await state.db.select().from(students).where(eq(students.student_number, number));
    return state.db
      .select({ name: guardians.name, email: guardians.email, locale: guardians.locale, source: guardians.source })
      .from(guardians)
      .where(eq(guardians.student_id, student!.id))
      .orderBy(guardians.email);
  };

  it("adds a contact per row (never an account), refuses a bad address with the row's reason, and updates its own on a later file", async () => {
    const accountsBefore = (await state.db.select({ id: users.id }).from(users)).length;
    const report = await importFile([
      "Ana,Lima,9,820001,Parent.Lima@Family.example,Paula Lima,pt-BR",
      "Ben,Okafor,9,820002,,,",
      "Cleo,Bad,9,820003,cleo@,Someone,",
      "Dev,Space,9,820004,dev parent@family.example,,",
    ]);
    expect(report.created).toBe(2);
    expect(report.skipped).toBe(2);
    expect((await state.db.select({ id: users.id }).from(users)).length).toBe(accountsBefore + 2);
    expect(await contactsByNumber("820001")).toEqual([{ name: "Paula Lima", email: "parent.lima@family.example", locale: "pt-BR", source: "csv" }]);
    expect(await contactsByNumber("820002")).toEqual([]);
    // An existing student gets the contact even without update_existing (it overwrites nothing); its name follows the file.
    await importFile(["Ana,Lima,9,820001,parent.lima@family.example,Paula Lima Souza,", "Ben,Okafor,9,820002,ben.home@family.example,,"]);
    expect(await contactsByNumber("820001")).toEqual([{ name: "Paula Lima Souza", email: "parent.lima@family.example", locale: "pt-BR", source: "csv" }]);
    expect(await contactsByNumber("820002")).toEqual([{ name: "", email: "ben.home@family.example", locale: null, source: "csv" }]);
  });
});
