/** @jest-environment node */
import { eq, fillPlaceholders, sql } from "drizzle-orm";
import { GET as search } from "@/app/api/search/route";
import { searchStaffQuery, searchStudentsQuery, searchValues } from "@/db/queries/search";
import { students } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { setSetting } from "../helpers/schedule-factories";
import { statementsOf } from "../helpers/statements";

/**
 * A person is found by the words of their name in any order (the walkthrough's "Robert Kim" found
 * nothing: the SIS's first name was "Robert Min-jun"), with one statement per kind and the trigram
 * indexes still used; and two students of the same name and grade can be told apart in the results
 * (their number where the viewer may see numbers, and their homeroom teacher).
 */
const state = useTestDb();
let teacherToken = "";
let adminToken = "";
let homeroomId = 0;

beforeAll(async () => {
  const db = state.db;
  const teacher = await createStaff(db, { title: "Ms.", first_name: "Ines", last_name: "Okafor" });
  homeroomId = teacher.staff.id;
  teacherToken = await tokenFor(db, teacher);
  adminToken = await tokenFor(db, await createAdmin(db, { first_name: "Ada", last_name: "Admin" }));
  await createStudent(db, { first_name: "Robert Min-jun", last_name: "Kim", student_number: "310001", grade: 10 });
  await createStudent(db, { first_name: "Jae-won", preferred_first_name: "Bobby", last_name: "Kimura", student_number: "310002" });
  await createStaff(db, { title: "Mr.", first_name: "Robert", last_name: "Kim" });
  // Two Maya Singhs in grade 9, one in Ms. Okafor's homeroom.
  const first = await createStudent(db, { first_name: "Maya", last_name: "Singh", grade: 9, student_number: "320001" });
  await createStudent(db, { first_name: "Maya", last_name: "Singh", grade: 9, student_number: "320002" });
  await db.update(students).set({ default_teacher_id: homeroomId }).where(eq(students.id, first.student.id));
});

const find = async (query: string, token = teacherToken) => (await call(search, { token, query: { query } })).body;
const names = (list: { first_name: string; last_name: string }[]) => list.map((p) => `${p.first_name} ${p.last_name}`);

describe("GET /api/search by the words of a name", () => {
  it.each([
    ["Robert Kim", ["Robert Min-jun Kim"]],
    ["Kim Robert", ["Robert Min-jun Kim"]],
    ["Kim, Robert", ["Robert Min-jun Kim"]],
    ["  robert   KIM ", ["Robert Min-jun Kim"]],
    ["min-jun kim robert", ["Robert Min-jun Kim"]],
    // The preferred first name and the legal one each find the student, in either order.
    ["kimura bobby", ["Bobby Kimura"]],
    ["jae-won kimura", ["Bobby Kimura"]],
    ["Robert Park", []],
  ])("students: %j finds %j", async (query, expected) => {
    expect(names((await find(query)).results.students)).toEqual(expected);
  });

  it("finds staff by their first and last names in either order", async () => {
    expect(names((await find("Kim Robert")).results.staff)).toEqual(["Robert Kim"]);
    expect(names((await find("robert kim")).results.staff)).toEqual(["Robert Kim"]);
    expect((await find("Okafor Robert")).results.staff).toEqual([]);
  });

  it("needs every word, and keeps more words than the statement's four together, as written", async () => {
    expect((await find("robert min-jun kim park")).results.students).toEqual([]);
    expect(names((await find("kim robert min-jun")).results.students)).toEqual(["Robert Min-jun Kim"]);
    // Four slots: "robert", "min-jun", "kim" and then "x y" as written, so nothing matches.
    expect((await find("robert min-jun kim x y")).results.students).toEqual([]);
    // LIKE's own wildcards stay text in any word.
    expect((await find("robert %")).results.students).toEqual([]);
  });

  it("runs one statement per kind whatever the number of words", async () => {
    const one = await statementsOf(teacherToken, () => call(search, { token: teacherToken, query: { query: "kim" } }));
    const three = await statementsOf(teacherToken, () =>
      call(search, { token: teacherToken, query: { query: "kim robert min-jun" } }),
    );
    expect(three.result.status).toBe(200);
    expect(three.statements).toBe(one.statements);
  });
});

describe("telling apart two students of the same name and grade", () => {
  it("gives administrators each student's number and homeroom teacher", async () => {
    const found = (await find("maya singh", adminToken)).results.students;
    expect(found).toEqual([
      expect.objectContaining({ first_name: "Maya", grade: 9, student_number: "320001", homeroom: { id: homeroomId, name: "Ms. Okafor, Ines" } }),
      expect.objectContaining({ first_name: "Maya", grade: 9, student_number: "320002", homeroom: null }),
    ]);
  });

  it("gives a teacher the homeroom but no number while show-student-numbers is off, and the number once it is on", async () => {
    const hidden = (await find("singh maya")).results.students;
    expect(hidden.map((s: { homeroom: unknown }) => s.homeroom)).toEqual([{ id: homeroomId, name: "Ms. Okafor, Ines" }, null]);
    expect(JSON.stringify(hidden)).not.toContain("student_number");
    await setSetting(state.db, "show-student-numbers", "true");
    try {
      const shown = (await find("singh maya")).results.students;
      expect(shown.map((s: { student_number: string }) => s.student_number)).toEqual(["320001", "320002"]);
    } finally {
      await setSetting(state.db, "show-student-numbers", "false");
    }
  });
});

/** The statement's text with its values written in, for EXPLAIN (the values are short test strings and numbers). */
function explainable(query: { toSQL: () => { sql: string; params: unknown[] } }, values: Record<string, unknown>) {
  const { sql: text, params } = query.toSQL();
  const filled = fillPlaceholders(params, values);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = filled[Number(n) - 1];
    return typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

describe("the trigram indexes answer a search by words", () => {
  it.each([
    ["students", () => searchStudentsQuery(state.db, "all", 2), ["students_name_search", "students_preferred_name_search"]],
    ["staff", () => searchStaffQuery(state.db, 2), ["staff_name_search"]],
  ] as const)("%s: the app's own statement uses its trigram indexes", async (_kind, build, indexes) => {
    const text = explainable(build(), searchValues("kim robert", { limit: 5, offset: 0 }));
    const plan = await state.db.transaction(async (tx) => {
      await tx.execute(sql.raw("set local enable_seqscan = off"));
      return tx.execute(sql.raw(`explain ${text}`));
    });
    const rows = ((plan as unknown as { rows?: unknown[] }).rows ?? plan) as Record<string, string>[];
    const lines = rows.map((row) => Object.values(row)[0]).join("\n");
    for (const index of indexes) expect(lines).toContain(index);
  });
});
