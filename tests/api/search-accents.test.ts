/** @jest-environment node */
import { sql } from "drizzle-orm";
import { GET as clustersRoute } from "@/app/api/clusters/route";
import { GET as coursesRoute } from "@/app/api/courses/route";
import { GET as search } from "@/app/api/search/route";
import { GET as staffRoute } from "@/app/api/staff/route";
import { GET as studentsRoute } from "@/app/api/students/route";
import { courses } from "@/db/schema";
import { foldForSearch } from "@/lib/core/fold";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createCluster } from "../helpers/schedule-factories";
import { statementsOf } from "../helpers/statements";

/**
 * Search ignores accents and case ("elodie" finds "Élodie", "belanger" finds
 * "Bélanger") on both databases, through unaccent and the trigram indexes on the folded names
 * (migration 0022), with the statement counts unchanged; lists sort as people read names ("Bérubé"
 * before "Bouchard"), in SQL by the folded name.
 */
const state = useTestDb();
let token: string;

beforeAll(async () => {
  const db = state.db;
  token = await tokenFor(db, await createAdmin(db, { first_name: "Ada", last_name: "Zed" }));
  await createStudent(db, { first_name: "Élodie", last_name: "Bélanger" });
  await createStudent(db, { first_name: "Luc", last_name: "Bouchard" });
  await createStudent(db, { first_name: "Anaïs", last_name: "Bérubé" });
  await createStudent(db, { first_name: "Zoë", last_name: "Ångström", preferred_first_name: "Zoé" });
  await createStaff(db, { first_name: "François", last_name: "Lévesque" });
  await createStaff(db, { first_name: "Marc", last_name: "Leblanc" });
  await db.insert(courses).values([
    { name: "Français 10", short_name: "FRA10" },
    { name: "Études sociales", short_name: "ÉTU10" },
  ]);
  await createCluster(db, { name: "Équipe de débat", student_ids: [] });
});

const find = async (query: string) => (await call(search, { token, query: { query } })).body.results;
const studentNames = (list: { first_name: string; last_name: string }[]) => list.map((s) => `${s.first_name} ${s.last_name}`);

describe("GET /api/search, accents and case aside", () => {
  it.each([
    ["elodie", ["Élodie Bélanger"]],
    ["belanger", ["Élodie Bélanger"]],
    ["BELANGER", ["Élodie Bélanger"]],
    ["Élodie", ["Élodie Bélanger"]],
    ["ELODIE BEL", ["Élodie Bélanger"]],
    ["berube", ["Anaïs Bérubé"]],
    ["anais", ["Anaïs Bérubé"]],
    ["angstrom", ["Zoé Ångström"]],
    // The legal first name finds her too (shown by the name she goes by).
    ["zoe angstrom", ["Zoé Ångström"]],
  ])("%s finds %j", async (query, expected) => {
    expect(studentNames((await find(query)).students)).toEqual(expected);
  });

  it("finds staff, courses (name and short name) and clusters the same way", async () => {
    expect((await find("francois levesque")).staff.map((s: { last_name: string }) => s.last_name)).toEqual(["Lévesque"]);
    expect((await find("LEVESQUE")).staff).toHaveLength(1);
    expect((await find("francais")).courses.map((c: { name: string }) => c.name)).toEqual(["Français 10"]);
    expect((await find("etu10")).courses.map((c: { name: string }) => c.name)).toEqual(["Études sociales"]);
    expect((await find("equipe de debat")).clusters.map((c: { name: string }) => c.name)).toEqual(["Équipe de débat"]);
  });

  it("sorts results as people read names: Bélanger, Bérubé, Bouchard", async () => {
    expect((await find("b")).students.map((s: { last_name: string }) => s.last_name)).toEqual([
      "Bélanger",
      "Bérubé",
      "Bouchard",
    ]);
  });

  it("runs the same statements as before: one per kind", async () => {
    const one = await statementsOf(token, () => call(search, { token, query: { query: "belanger", kind: "students" } }));
    const all = await statementsOf(token, () => call(search, { token, query: { query: "belanger" } }));
    expect(one.result.status).toBe(200);
    expect(all.statements - one.statements).toBe(4);
  });
});

describe("lists sorted by the folded name", () => {
  it("GET /api/students: Ångström, Bélanger, Bérubé, Bouchard (accents after letters, not after z)", async () => {
    const res = await call(studentsRoute, { token });
    expect(res.body.map((s: { last_name: string }) => s.last_name)).toEqual(["Ångström", "Bélanger", "Bérubé", "Bouchard"]);
  });

  it("GET /api/staff: Leblanc before Lévesque before Zed", async () => {
    const res = await call(staffRoute, { token });
    expect(res.body.map((s: { last_name: string }) => s.last_name)).toEqual(["Leblanc", "Lévesque", "Zed"]);
  });

  it("GET /api/courses finds by q accents aside, and sorts Études before Français", async () => {
    const all = await call(coursesRoute, { token });
    expect(all.body.courses.map((c: { name: string }) => c.name)).toEqual(["Études sociales", "Français 10"]);
    const found = await call(coursesRoute, { token, query: { q: "etudes" } });
    expect(found.body.courses.map((c: { name: string }) => c.name)).toEqual(["Études sociales"]);
  });

  it("GET /api/clusters lists Équipe among the E's", async () => {
    await createCluster(state.db, { name: "Drama", student_ids: [] });
    await createCluster(state.db, { name: "Football", student_ids: [] });
    const res = await call(clustersRoute, { token });
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(["Drama", "Équipe de débat", "Football"]);
  });
});

describe("the trigram indexes on the folded names", () => {
  it.each([
    ["students", "first_name || ' ' || last_name", "students_name_search"],
    ["students", "preferred_first_name || ' ' || last_name", "students_preferred_name_search"],
    ["staff", "first_name || ' ' || last_name", "staff_name_search"],
    ["courses", "name", "courses_name_search"],
    ["courses", "short_name", "courses_short_name_search"],
    ["clusters", "name", "clusters_name_search"],
  ])("%s: search on %s can use %s", async (table, names, index) => {
    const plan = await state.db.transaction(async (tx) => {
      await tx.execute(sql.raw("set local enable_seqscan = off"));
      return tx.execute(
        sql.raw(`explain select id from ${table} where lower(f_unaccent(${names})) like lower(f_unaccent('%elodie%'))`),
      );
    });
    const rows = ((plan as unknown as { rows?: unknown[] }).rows ?? plan) as Record<string, string>[];
    expect(rows.map((row) => Object.values(row)[0]).join("\n")).toContain(index);
  });
});

describe("the browser's fold matches the database's", () => {
  it("foldForSearch equals lower(f_unaccent()) on names from many languages", async () => {
    const names = ["Élodie", "Bérubé", "Ångström", "Œuvre", "Straße", "Łukasz", "Søren", "Đặng", "Nguyễn", "Çelik", "Ærø", "Müller", "Ñúñez", "Zoë"];
    const result = await state.db.execute(
      sql`select n, lower(f_unaccent(n)) as folded from json_array_elements_text(${JSON.stringify(names)}::json) as n`,
    );
    const rows = ((result as unknown as { rows?: unknown[] }).rows ?? result) as { n: string; folded: string }[];
    for (const row of rows) expect([row.n, foldForSearch(row.n)]).toEqual([row.n, row.folded]);
    expect(rows).toHaveLength(names.length);
  });
});
