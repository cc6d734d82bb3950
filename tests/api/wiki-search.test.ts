/** @jest-environment node */
import { GET as search } from "@/app/api/search/route";
import { wikiGroups, wikiPosts } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

const state = useTestDb();
let token: string;

beforeAll(async () => {
  token = await tokenFor(state.db, await createStaff(state.db));
  const [group] = await state.db.insert(wikiGroups).values({ title: "Help" }).returning();
  await state.db.insert(wikiPosts).values([
    {
      group_id: group!.id,
      title: "Checking students in with a scanner",
      body: "# Scanners\n\nA USB barcode scanner types the number and presses Enter.\n\nThe chips turn into check-ins.",
      author_name: "Help Desk",
    },
    {
      group_id: group!.id,
      title: "Réglages de l'école",
      body: "Le fuseau horaire.",
      author_name: "Help Desk",
    },
    {
      group_id: group!.id,
      title: "Keyboard shortcuts",
      body: "Press **Tab** to move between fields. Quetzalcoatl is a word only this post has.",
      author_name: "Help Desk",
    },
  ]);
});

const wikiOf = async (query: string) => (await call(search, { token, query: { query } })).body.results.wiki;

describe("wiki posts in GET /api/search", () => {
  it("finds a post by a word only in its body, with its group and the matching line", async () => {
    expect(await wikiOf("quetzalcoatl")).toEqual([
      {
        id: expect.any(Number),
        title: "Keyboard shortcuts",
        group_id: expect.any(Number),
        group_title: "Help",
        snippet: "Press Tab to move between fields. Quetzalcoatl is a word only this post has.",
      },
    ]);
  });

  it("matches English word forms and the start of the last word typed", async () => {
    const titles = async (q: string) => (await wikiOf(q)).map((p: { title: string }) => p.title);
    expect(await titles("scanners")).toEqual(["Checking students in with a scanner"]);
    expect(await titles("barcode scann")).toEqual(["Checking students in with a scanner"]);
    expect(await titles("check-ins")).toEqual(["Checking students in with a scanner"]);
    expect(await titles("xylophone")).toEqual([]);
    // Punctuation only: no words for the full-text search, and nothing breaks.
    expect((await call(search, { token, query: { query: "&|!:*" } })).status).toBe(200);
  });

  it("finds a title accents and case aside, as names are found", async () => {
    const titles = async (q: string) => (await wikiOf(q)).map((p: { title: string }) => p.title);
    expect(await titles("reglages de l'ecole")).toEqual(["Réglages de l'école"]);
    expect(await titles("ÉCOLE")).toEqual(["Réglages de l'école"]);
  });

  it("leaves the other kinds' shapes as they were", async () => {
    await createStudent(state.db, { first_name: "Quetzal", last_name: "Birdsong" });
    const res = await call(search, { token, query: { query: "quetzal" } });
    expect(Object.keys(res.body.results).sort()).toEqual([
      "clusters",
      "courses",
      "staff",
      "students",
      "wiki",
    ]);
    // The spec's fields, plus the grade and homeroom the search panel shows (fields are only ever added).
    expect(res.body.results.students).toEqual([
      { id: expect.any(Number), first_name: "Quetzal", last_name: "Birdsong", grade: 10, homeroom: null },
    ]);
    expect(res.body.results.wiki).toHaveLength(1);
  });

  it("answers an empty query with an empty wiki list", async () => {
    expect(await wikiOf("   ")).toEqual([]);
  });
});
