/** @jest-environment node */
import { eq, like } from "drizzle-orm";
import {
  GET as groupPosts,
  PUT as updateGroup,
  DELETE as deleteGroup,
} from "@/app/api/wiki/groups/[id]/route";
import { GET as listGroups, POST as createGroup } from "@/app/api/wiki/groups/route";
import { GET as readPost, PUT as updatePost, DELETE as deletePost } from "@/app/api/wiki/posts/[id]/route";
import { POST as createPost } from "@/app/api/wiki/posts/route";
import { auditLog, wikiGroups, wikiPosts } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";

const state = useTestDb();
const tokens = {} as Record<"admin" | "teacher" | "student" | "sysadmin", string>;

beforeAll(async () => {
  tokens.admin = await tokenFor(
    state.db,
    await createAdmin(state.db, { first_name: "Amara", last_name: "Okafor", title: "Ms." }),
  );
  tokens.teacher = await tokenFor(state.db, await createStaff(state.db));
  tokens.student = await tokenFor(state.db, await createStudent(state.db));
  tokens.sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
});

const TABLE_POST = [
  "# Colours  ",
  "",
  "| Colour | Meaning |",
  "| --- | --- |",
  "| Green | Attended |",
  "",
  "- [x] done",
  "- [ ] not yet",
  "",
  "<script>alert(1)</script>",
  "",
].join("\n");

async function newGroup(title: string, subtitle = "") {
  const res = await call(createGroup, { token: tokens.admin, body: { title, subtitle } });
  expect(res.status).toBe(201);
  return res.body as { id: number; title: string };
}

async function newPost(group_id: number, title: string, body = `About ${title}.`) {
  const res = await call(createPost, { token: tokens.admin, body: { group_id, title, body } });
  expect(res.status).toBe(201);
  return res.body as { id: number; title: string };
}

const titlesOf = async (groupId: number) =>
  (await call(groupPosts, { token: tokens.teacher, params: { id: String(groupId) } })).body.map(
    (p: { title: string }) => p.title,
  );

describe("reading the wiki", () => {
  it("lists groups with their post counts, a group's posts and one post, markdown as written", async () => {
    const group = await newGroup("Getting started", "For new staff");
    const post = await newPost(group.id, "Colours", TABLE_POST);

    const groups = await call(listGroups, { token: tokens.teacher });
    expect(groups.status).toBe(200);
    expect(groups.body).toContainEqual({
      audience: "staff",
      id: group.id,
      title: "Getting started",
      subtitle: "For new staff",
      position: expect.any(Number),
      post_count: 1,
      new: true,
    });

    const posts = await call(groupPosts, { token: tokens.sysadmin, params: { id: String(group.id) } });
    expect(posts.body).toEqual([
      expect.objectContaining({
        id: post.id,
        title: "Colours",
        group_id: group.id,
        excerpt: "Colour Meaning Green Attended",
      }),
    ]);

    const one = await call(readPost, { token: tokens.teacher, params: { id: String(post.id) } });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: post.id,
      title: "Colours",
      body: TABLE_POST,
      author: { name: "Ms. Okafor, Amara" },
      group_id: group.id,
      group: { id: group.id, title: "Getting started" },
    });
    expect(new Date(one.body.created_at).getTime()).not.toBeNaN();
    expect(new Date(one.body.updated_at).getTime()).not.toBeNaN();
  });

  it("answers 404 for an unknown group or post and 422 for an id that is not one", async () => {
    const token = tokens.teacher;
    expect((await call(groupPosts, { token, params: { id: "999999" } })).status).toBe(404);
    expect((await call(readPost, { token, params: { id: "999999" } })).status).toBe(404);
    expect((await call(readPost, { token, params: { id: "abc" } })).status).toBe(422);
    expect((await call(groupPosts, { token, params: { id: "99999999999" } })).status).toBe(422);
  });

  it("is for staff and sysadmins; students read only the groups meant for everyone; signed out 401", async () => {
    const staffOnly = await newGroup("Staff room");
    const staffPost = await newPost(staffOnly.id, "Marking policy");
    const forStudents = await call(createGroup, {
      token: tokens.admin,
      body: { title: "For students", subtitle: "", audience: "everyone" },
    });
    expect(forStudents.status).toBe(201);
    expect(forStudents.body.audience).toBe("everyone");
    const studentPost = await newPost(forStudents.body.id, "Choosing a teacher");

    const student = tokens.student;
    const listed = await call(listGroups, { token: student });
    expect(listed.status).toBe(200);
    expect(listed.body.map((g: { title: string }) => g.title)).toEqual(["For students"]);
    const read = await call(readPost, { token: student, params: { id: String(studentPost.id) } });
    expect(read.status).toBe(200);
    expect(read.body.title).toBe("Choosing a teacher");
    expect(
      (await call(groupPosts, { token: student, params: { id: String(forStudents.body.id) } })).status,
    ).toBe(200);
    // A staff group and its posts are as absent as an unknown one.
    expect((await call(groupPosts, { token: student, params: { id: String(staffOnly.id) } })).status).toBe(
      404,
    );
    expect((await call(readPost, { token: student, params: { id: String(staffPost.id) } })).status).toBe(404);
    // Staff read both.
    expect(
      (await call(readPost, { token: tokens.teacher, params: { id: String(staffPost.id) } })).status,
    ).toBe(200);
    // An edit that says nothing of the audience keeps it (the original client sends title and subtitle only).
    const renamed = await call(updateGroup, {
      token: tokens.admin,
      method: "PUT",
      params: { id: String(forStudents.body.id) },
      body: { title: "Student help", subtitle: "" },
    });
    expect(renamed.body.audience).toBe("everyone");
    // Opening a group to students, or closing it, is in the audit log.
    await call(updateGroup, {
      token: tokens.admin,
      method: "PUT",
      params: { id: String(forStudents.body.id) },
      body: { title: "Student help", subtitle: "", audience: "staff" },
    });
    const audits = await state.db.select().from(auditLog).where(eq(auditLog.action, "wiki.group.update"));
    expect(audits.map((a) => a.details)).toContainEqual(
      expect.objectContaining({
        group_id: forStudents.body.id,
        audience: "staff",
        previous_audience: "everyone",
      }),
    );
    const bad = await call(createGroup, { token: tokens.admin, body: { title: "X", audience: "parents" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.audience).toBeDefined();
    expect((await call(createGroup, { token: student, body: { title: "Mine" } })).status).toBe(403);
    expect((await call(listGroups)).status).toBe(401);
  });

  it("lists groups with the same statements however many there are", async () => {
    const list = () => call(listGroups, { token: tokens.teacher });
    const few = await statementsOf(tokens.teacher, list);
    for (let i = 0; i < 5; i++) await newPost((await newGroup(`Extra ${i}`)).id, `Extra post ${i}`);
    expect((await statementsOf(tokens.teacher, list)).statements).toBe(few.statements);
  });
});

describe("writing the wiki", () => {
  it("lets administrators and sysadmins write, and refuses teachers (403)", async () => {
    expect((await call(createGroup, { token: tokens.teacher, body: { title: "Mine" } })).status).toBe(403);
    expect(
      (await call(createPost, { token: tokens.teacher, body: { group_id: 1, title: "x", body: "y" } }))
        .status,
    ).toBe(403);
    const res = await call(createGroup, { token: tokens.sysadmin, body: { title: "By the sysadmin" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: "By the sysadmin", subtitle: "", post_count: 0 });
  });

  it("refuses bad input: 400 unreadable, 422 empty title, blank body, control characters, unknown group", async () => {
    const token = tokens.admin;
    const group = await newGroup("Validation");
    expect((await call(createGroup, { token, rawBody: "{" })).status).toBe(400);
    const empty = await call(createGroup, { token, body: { title: "   " } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.title).toEqual(["This field cannot be empty."]);
    const blank = await call(createPost, { token, body: { group_id: group.id, title: "T", body: " \n " } });
    expect(blank.body.errors.body).toEqual(["This field cannot be empty."]);
    expect(
      (await call(createPost, { token, body: { group_id: group.id, title: "T", body: "a\u0000b" } })).status,
    ).toBe(422);
    expect(
      (await call(createPost, { token, body: { group_id: group.id, title: "T", body: "x".repeat(100_001) } }))
        .status,
    ).toBe(422);
    const unknown = await call(createPost, { token, body: { group_id: 999999, title: "T", body: "b" } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.group_id).toEqual(["That wiki group could not be found."]);
    expect(
      (
        await call(updatePost, {
          token,
          method: "PUT",
          params: { id: "999999" },
          body: { group_id: group.id, title: "T", body: "b" },
        })
      ).status,
    ).toBe(404);
  });

  it("edits a post, moves it to another group at a chosen place, and renumbers both groups", async () => {
    const from = await newGroup("From");
    const to = await newGroup("To");
    const a = await newPost(from.id, "A");
    await newPost(from.id, "B");
    await newPost(to.id, "X");
    await newPost(to.id, "Y");

    const moved = await call(updatePost, {
      token: tokens.admin,
      method: "PUT",
      params: { id: String(a.id) },
      body: { group_id: to.id, title: "A, edited", body: "New *body*\n", position: 1 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      group_id: to.id,
      title: "A, edited",
      body: "New *body*\n",
      group: { title: "To" },
    });
    expect(await titlesOf(from.id)).toEqual(["B"]);
    expect(await titlesOf(to.id)).toEqual(["X", "A, edited", "Y"]);

    // Up to the top of its group without changing the words.
    await call(updatePost, {
      token: tokens.admin,
      method: "PUT",
      params: { id: String(a.id) },
      body: { group_id: to.id, title: "A, edited", body: "New *body*\n", position: 0 },
    });
    expect(await titlesOf(to.id)).toEqual(["A, edited", "X", "Y"]);
    const positions = await state.db
      .select({ p: wikiPosts.position })
      .from(wikiPosts)
      .where(eq(wikiPosts.group_id, to.id));
    expect(positions.map((r) => r.p).sort()).toEqual([0, 1, 2]);
  });

  it("renames and moves a group", async () => {
    const first = await newGroup("Order one");
    const second = await newGroup("Order two");
    const res = await call(updateGroup, {
      token: tokens.admin,
      method: "PUT",
      params: { id: String(second.id) },
      body: { title: "Order two, renamed", subtitle: "Now first", position: 0 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Order two, renamed", subtitle: "Now first", position: 0 });
    const titles = (await call(listGroups, { token: tokens.teacher })).body.map(
      (g: { title: string }) => g.title,
    );
    expect(titles[0]).toBe("Order two, renamed");
    expect(titles.indexOf("Order one")).toBeGreaterThan(0);
    expect(first.id).not.toBe(second.id);
    expect(
      (
        await call(updateGroup, {
          token: tokens.teacher,
          method: "PUT",
          params: { id: String(first.id) },
          body: { title: "No" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(updateGroup, {
          token: tokens.admin,
          method: "PUT",
          params: { id: String(first.id) },
          body: { title: "x", position: -1 },
        })
      ).status,
    ).toBe(422);
  });

  it("refuses to delete a group that still has posts (409), deletes posts and then the group", async () => {
    const group = await newGroup("Short-lived");
    const post = await newPost(group.id, "Soon gone");
    const del = (handler: typeof deleteGroup, id: number, token = tokens.admin) =>
      call(handler, { token, method: "DELETE", params: { id: String(id) } });

    const refused = await del(deleteGroup, group.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("wiki_group_not_empty");
    expect((await del(deletePost, post.id, tokens.teacher)).status).toBe(403);
    expect((await del(deletePost, post.id)).status).toBe(200);
    expect((await del(deletePost, post.id)).status).toBe(404);
    expect((await del(deleteGroup, group.id)).status).toBe(200);
    expect(await state.db.select().from(wikiGroups).where(eq(wikiGroups.id, group.id))).toEqual([]);
  });

  it("writes every change to the audit log with who made it", async () => {
    const group = await newGroup("Audited");
    const post = await newPost(group.id, "Audited post");
    await call(deletePost, { token: tokens.admin, method: "DELETE", params: { id: String(post.id) } });
    const rows = await state.db.select().from(auditLog).where(like(auditLog.action, "wiki.%"));
    const mine = rows.filter((r) => (r.details as { group_id?: number }).group_id === group.id);
    expect(mine.map((r) => r.action)).toEqual(["wiki.group.create", "wiki.post.create", "wiki.post.delete"]);
    expect(new Set(mine.map((r) => r.actor_user_id)).size).toBe(1);
    expect(mine[2]!.details).toMatchObject({ post_id: post.id, title: "Audited post" });
  });
});
