/** @jest-environment node */
import { feedback } from "@/db/schema";
import { GET as listFeedback, POST as sendFeedback } from "@/app/api/feedback/route";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

const state = useTestDb();

describe("POST /api/feedback", () => {
  it("stores the feedback with the account's email, not the one the client sends", async () => {
    const teacher = await createStaff(state.db);
    const res = await call(sendFeedback, {
      token: await tokenFor(state.db, teacher),
      body: {
        feedback: "The calendar is great",
        tags: "new-feature,other,bogus",
        allow_response: false,
        email: "spoof@evil.example",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      feedback: "The calendar is great",
      tags: "new-feature,other",
      email: teacher.staff.email,
      allow_response: false,
    });
    const rows = await state.db.select().from(feedback);
    expect(rows.at(-1)).toMatchObject({ user_id: teacher.user.id, email: teacher.staff.email });
  });

  it("accepts tags as a list and allows a reply by default", async () => {
    const sysadmin = await createSysadmin(state.db);
    const res = await call(sendFeedback, {
      token: await tokenFor(state.db, sysadmin),
      body: { feedback: "Check-in froze", tags: ["connectivity", "connectivity", "unexpected-behavior"] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      tags: "connectivity,unexpected-behavior",
      allow_response: true,
      email: sysadmin.sysadmin.email,
    });
  });

  it("refuses empty feedback and a non-boolean allow_response with 422, and unreadable JSON with 400", async () => {
    const token = await tokenFor(state.db, await createStaff(state.db));
    const empty = await call(sendFeedback, { token, body: { feedback: "   ", tags: "" } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.feedback).toEqual(["Please write your feedback."]);
    expect((await call(sendFeedback, { token, body: { feedback: "x", allow_response: "yes" } })).status).toBe(
      422,
    );
    expect((await call(sendFeedback, { token, body: { feedback: "x".repeat(5001) } })).status).toBe(422);
    expect((await call(sendFeedback, { token, rawBody: "not json" })).status).toBe(400);
  });

  it("is not for students (403) and needs a sign-in (401)", async () => {
    const student = await tokenFor(state.db, await createStudent(state.db));
    expect((await call(sendFeedback, { token: student, body: { feedback: "hi" } })).status).toBe(403);
    expect((await call(sendFeedback, { body: { feedback: "hi" } })).status).toBe(401);
  });
});

describe("GET /api/feedback", () => {
  it("lists feedback newest first with who sent it, for administrators", async () => {
    const teacher = await createStaff(state.db, { first_name: "Ada", last_name: "Lovelace", title: "Ms." });
    await call(sendFeedback, {
      token: await tokenFor(state.db, teacher),
      body: { feedback: "Newest entry", tags: "other" },
    });
    const res = await call(listFeedback, { token: await tokenFor(state.db, await createAdmin(state.db)) });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({
      feedback: "Newest entry",
      from: "Ms. Lovelace, Ada",
      tags: "other",
      email: teacher.staff.email,
    });
    expect(res.body.length).toBeGreaterThanOrEqual(3);
    const sysadminRead = await call(listFeedback, {
      token: await tokenFor(state.db, await createSysadmin(state.db)),
    });
    expect(sysadminRead.status).toBe(200);
  });

  it("is forbidden to teachers and students, and answers 401 signed out", async () => {
    for (const account of [await createStaff(state.db), await createStudent(state.db)]) {
      expect((await call(listFeedback, { token: await tokenFor(state.db, account) })).status).toBe(403);
    }
    expect((await call(listFeedback)).status).toBe(401);
  });
});
