/** @jest-environment node */
import { GET as search } from "@/app/api/search/route";
import { courses } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

const state = useTestDb();

describe("GET /api/search", () => {
  it("finds students by first, last and full name, staff, and courses, echoing the query", async () => {
    const token = await tokenFor(state.db, await createStaff(state.db));
    await createStudent(state.db, { first_name: "Marisol", last_name: "Quintero", student_number: "004411" });
    await createStaff(state.db, { title: "Dr.", first_name: "Quinn", last_name: "Marlow" });
    await state.db.insert(courses).values({ name: "Marine Biology 11", short_name: "MAR11" });

    const res = await call(search, { token, query: { query: "mar" } });
    expect(res.status).toBe(200);
    expect(res.body.query).toBe("mar");
    expect(res.body.results.students).toEqual([expect.objectContaining({ first_name: "Marisol", last_name: "Quintero" })]);
    expect(res.body.results.staff).toEqual([expect.objectContaining({ title: "Dr.", last_name: "Marlow" })]);
    expect(res.body.results.courses).toEqual([expect.objectContaining({ name: "Marine Biology 11", short_name: "MAR11" })]);

    const full = await call(search, { token, query: { query: "marisol quin" } });
    expect(full.body.results.students).toHaveLength(1);
  });

  it("finds a student by number without ever returning the number", async () => {
    const token = await tokenFor(state.db, await createStaff(state.db));
    const res = await call(search, { token, query: { query: "004411" } });
    expect(res.body.results.students).toHaveLength(1);
    expect(JSON.stringify(res.body)).not.toContain("student_number");
  });

  it("treats % and _ as text, caps each kind at 5 and answers an empty query with nothing", async () => {
    const token = await tokenFor(state.db, await createSysadmin(state.db));
    for (let i = 0; i < 7; i++) await createStudent(state.db, { first_name: `Zed${i}`, last_name: "Zulu" });
    expect((await call(search, { token, query: { query: "zulu" } })).body.results.students).toHaveLength(5);
    expect((await call(search, { token, query: { query: "zulu", limit: "15" } })).body.results.students).toHaveLength(7);
    expect((await call(search, { token, query: { query: "zulu", limit: "16" } })).status).toBe(422);
    expect((await call(search, { token, query: { query: "%" } })).body.results.students).toHaveLength(0);
    expect((await call(search, { token, query: { query: "  " } })).body.results.students).toEqual([]);
  });

  it("is for staff and sysadmins: students 403, signed out 401, a 101-character query 422", async () => {
    const student = await tokenFor(state.db, await createStudent(state.db));
    expect((await call(search, { token: student, query: { query: "a" } })).status).toBe(403);
    expect((await call(search, { query: { query: "a" } })).status).toBe(401);
    const token = await tokenFor(state.db, await createStaff(state.db));
    expect((await call(search, { token, query: { query: "a".repeat(101) } })).status).toBe(422);
  });
});
