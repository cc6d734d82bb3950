/** @jest-environment node */
import { GET as starred } from "@/app/api/starred/route";
import { POST as star } from "@/app/api/star/route";
import { POST as unstar } from "@/app/api/unstar/route";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

const state = useTestDb();

describe("starred items", () => {
  it("stars a student and a staff member once each, with live labels, and unstars them", async () => {
    const me = await createStaff(state.db);
    const token = await tokenFor(state.db, me);
    const student = await createStudent(state.db, { first_name: "Ana", last_name: "Lima" });
    const colleague = await createStaff(state.db, { title: "Dr.", first_name: "Bo", last_name: "Chen" });

    const first = await call(star, { token, body: { item_type: "student", item_id: student.student.id } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ label: "Ana Lima", isStarred: true });
    await call(star, { token, body: { item_type: "student", item_id: student.student.id } });
    await call(star, { token, body: { item_type: "staff", item_id: colleague.staff.id } });

    const list = await call(starred, { token });
    expect(list.body.map((item: { label: string }) => item.label)).toEqual(["Ana Lima", "Dr. Chen, Bo"]);

    const removed = await call(unstar, { token, body: { item_type: "student", item_id: student.student.id } });
    expect(removed.body.isStarred).toBe(false);
    expect((await call(starred, { token })).body).toHaveLength(1);
  });

  it("refuses an item that does not exist (404) and a bad type (422)", async () => {
    const token = await tokenFor(state.db, await createStaff(state.db));
    expect((await call(star, { token, body: { item_type: "student", item_id: 999999 } })).status).toBe(404);
    expect((await call(star, { token, body: { item_type: "report", item_id: 1 } })).status).toBe(422);
    expect((await call(star, { token, rawBody: "{" })).status).toBe(400);
  });

  it("is for staff: students get 403, sysadmins an empty list and 403 on star, signed out 401", async () => {
    const student = await createStudent(state.db);
    expect((await call(starred, { token: await tokenFor(state.db, student) })).status).toBe(403);
    const sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
    expect((await call(starred, { token: sysadmin })).body).toEqual([]);
    expect((await call(star, { token: sysadmin, body: { item_type: "student", item_id: student.student.id } })).status).toBe(403);
    expect((await call(starred)).status).toBe(401);
  });
});
