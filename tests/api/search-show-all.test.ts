/** @jest-environment node */
import { GET as search } from "@/app/api/search/route";
import {
  clusterMembers,
  clusters,
  courses,
  students as studentRows,
  wikiGroups,
  wikiPosts,
} from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";

/**
 * The search panel's detail lines and "Show all": fields added to GET /api/search's rows (grade,
 * email, teacher, member count), `totals` per kind, and `kind`/`offset` to page through one kind.
 * The spec's fields stay exactly as they were.
 */
const state = useTestDb();
let token = "";
let teacherId = 0;

beforeAll(async () => {
  const teacher = await createStaff(state.db, {
    title: "Ms.",
    first_name: "Vesna",
    last_name: "Okonkwo",
    email: "vesna.okonkwo@test.school",
  });
  teacherId = teacher.staff.id;
  token = await tokenFor(state.db, teacher);
  for (let i = 0; i < 12; i++) {
    await createStudent(state.db, {
      first_name: `Pilar${String(i).padStart(2, "0")}`,
      last_name: "Quillfeather",
      grade: 8 + (i % 5),
    });
  }
  await state.db.insert(courses).values([
    { name: "Quillwork 10", short_name: "QUI10", owner_id: teacherId },
    { name: "Quillwork 11", short_name: "QUI11" },
  ]);
  const [crew, empty] = await state.db
    .insert(clusters)
    .values([{ name: "Quill Crew" }, { name: "Quill Empty" }, { name: "Quill Secret", hidden: true }])
    .returning();
  const members = await state.db.select({ id: studentRows.id }).from(studentRows).limit(3);
  await state.db
    .insert(clusterMembers)
    .values(members.map((m) => ({ cluster_id: crew!.id, student_id: m.id })));
  expect(empty).toBeDefined();
  const [group] = await state.db.insert(wikiGroups).values({ title: "Quill help" }).returning();
  await state.db.insert(wikiPosts).values(
    Array.from({ length: 7 }, (_, i) => ({
      group_id: group!.id,
      title: `Quill tip ${i + 1}`,
      body: "Sharpen the quill before the block.",
      author_name: "Help Desk",
    })),
  );
});

describe("GET /api/search detail fields", () => {
  it("adds a student's grade, a staff member's email, a course's teacher and a cluster's member count", async () => {
    const res = await call(search, { token, query: { query: "quill" } });
    expect(res.status).toBe(200);
    const { students, courses: found, clusters: groups } = res.body.results;
    expect(students[0]).toEqual({
      id: expect.any(Number),
      first_name: "Pilar00",
      last_name: "Quillfeather",
      grade: 8,
      homeroom: null,
    });
    expect(found).toEqual([
      {
        id: expect.any(Number),
        name: "Quillwork 10",
        short_name: "QUI10",
        teacher: { id: teacherId, name: "Ms. Okonkwo, Vesna" },
      },
      { id: expect.any(Number), name: "Quillwork 11", short_name: "QUI11", teacher: null },
    ]);
    // Hidden clusters stay out; an empty cluster counts 0.
    expect(groups).toEqual([
      { id: expect.any(Number), name: "Quill Crew", member_count: 3 },
      { id: expect.any(Number), name: "Quill Empty", member_count: 0 },
    ]);
    const staff = (await call(search, { token, query: { query: "okonkwo" } })).body.results.staff;
    expect(staff).toEqual([
      {
        id: teacherId,
        title: "Ms.",
        first_name: "Vesna",
        last_name: "Okonkwo",
        email: "vesna.okonkwo@test.school",
      },
    ]);
  });

  it("counts every match of each kind in totals while listing five", async () => {
    const res = await call(search, { token, query: { query: "quill" } });
    expect(res.body.results.students).toHaveLength(5);
    expect(res.body.results.wiki).toHaveLength(5);
    expect(res.body.totals).toEqual({ students: 12, staff: 0, courses: 2, clusters: 2, wiki: 7 });
    expect((await call(search, { token, query: { query: " " } })).body.totals).toEqual({
      students: 0,
      staff: 0,
      courses: 0,
      clusters: 0,
      wiki: 0,
    });
  });
});

describe("GET /api/search?kind=&offset=", () => {
  it("pages through one kind in name order with the same total, leaving the other kinds empty", async () => {
    const first = await call(search, {
      token,
      query: { query: "quillfeather", kind: "students", limit: "50" },
    });
    expect(first.status).toBe(200);
    expect(first.body.results.students.map((s: { first_name: string }) => s.first_name)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Pilar${String(i).padStart(2, "0")}`),
    );
    expect(first.body.totals).toEqual({ students: 12 });
    expect(first.body.results.staff).toEqual([]);
    expect(first.body.results.wiki).toEqual([]);

    const second = await call(search, {
      token,
      query: { query: "quillfeather", kind: "students", limit: "5", offset: "10" },
    });
    expect(second.body.results.students.map((s: { first_name: string }) => s.first_name)).toEqual([
      "Pilar10",
      "Pilar11",
    ]);
    expect(second.body.totals).toEqual({ students: 12 });

    const wiki = await call(search, { token, query: { query: "quill", kind: "wiki", limit: "50" } });
    expect(wiki.body.results.wiki).toHaveLength(7);
    expect(wiki.body.totals).toEqual({ wiki: 7 });
  });

  it("runs one statement for one kind and one per kind for all, however many match", async () => {
    const sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
    const one = await statementsOf(sysadmin, () =>
      call(search, { token: sysadmin, query: { query: "quill", kind: "clusters" } }),
    );
    expect(one.result.status).toBe(200);
    const all = await statementsOf(sysadmin, () =>
      call(search, { token: sysadmin, query: { query: "quill" } }),
    );
    const none = await statementsOf(sysadmin, () =>
      call(search, { token: sysadmin, query: { query: "zzzzzz" } }),
    );
    // The request's own session look-up, then the searches.
    expect(all.statements - one.statements).toBe(4);
    expect(none.statements).toBe(all.statements);
  });

  it("refuses an unknown kind, a negative offset, and more than 15 of every kind (422)", async () => {
    const bad = async (query: Record<string, string>) =>
      (await call(search, { token, query: { query: "quill", ...query } })).status;
    expect(await bad({ kind: "teachers" })).toBe(422);
    expect(await bad({ kind: "students", offset: "-1" })).toBe(422);
    expect(await bad({ kind: "students", offset: "1.5" })).toBe(422);
    expect(await bad({ kind: "students", limit: "51" })).toBe(422);
    expect(await bad({ limit: "16" })).toBe(422);
    expect(await bad({ kind: "staff", limit: "16" })).toBe(200);
    const res = await call(search, { token, query: { query: "quill", limit: "16" } });
    expect(res.body.errors.limit).toEqual(["limit must be at most 15 unless one kind is asked for."]);
  });

  it("is for staff and sysadmins only: a student gets 403 for one kind too", async () => {
    const student = await tokenFor(state.db, await createStudent(state.db));
    expect((await call(search, { token: student, query: { query: "quill", kind: "students" } })).status).toBe(
      403,
    );
    expect((await call(search, { query: { query: "quill", kind: "students" } })).status).toBe(401);
  });
});
