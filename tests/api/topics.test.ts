/** @jest-environment node */
import { eq } from "drizzle-orm";
import { DELETE as deleteTopicRoute } from "@/app/api/topics/[id]/route";
import { GET as listTopicsRoute, POST as createTopicRoute } from "@/app/api/topics/route";
import { DELETE as unscheduleRoute } from "@/app/api/topics/schedule/[id]/route";
import { POST as scheduleRoute } from "@/app/api/topics/schedule/route";
import { topicSchedules, topics } from "@/db/schema";
import { PALETTE } from "@/lib/people/colors";
import type { Topic, TopicSchedule } from "@/lib/core/schedule/types";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createWeekTimetable } from "../helpers/schedule-factories";
import type { Answer } from "../helpers/schedule-factories";
import {
  createBlock,
  createTopic,
  LAST_TUE,
  SAT,
  scheduleTopic,
  THU,
  WED,
  weekdayDate,
} from "../helpers/timetable-factories";

const state = useTestDb();

let focus: Awaited<ReturnType<typeof createBlock>>;
let course: Awaited<ReturnType<typeof createBlock>>;
let teacher: Awaited<ReturnType<typeof createStaff>>;
let colleague: Awaited<ReturnType<typeof createStaff>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const db = state.db;
  ({ focus, course } = await createWeekTimetable(db));
  teacher = await createStaff(db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace" });
  colleague = await createStaff(db);
  tokens.teacher = await tokenFor(db, teacher);
  tokens.colleague = await tokenFor(db, colleague);
  tokens.admin = await tokenFor(db, await createAdmin(db));
  tokens.student = await tokenFor(db, await createStudent(db));
  tokens.sysadmin = await tokenFor(db, await createSysadmin(db));
});

const create = (body: unknown, token = tokens.teacher) =>
  call<Answer<Topic>>(createTopicRoute, { token, body });
const remove = (id: number, token = tokens.teacher) =>
  call<Answer<Topic>>(deleteTopicRoute, { token, params: { id: String(id) } });
const schedule = (body: unknown, token = tokens.teacher) =>
  call<Answer<TopicSchedule>>(scheduleRoute, { token, body });
const unschedule = (id: number, token = tokens.teacher) =>
  call<Answer<TopicSchedule>>(unscheduleRoute, { token, params: { id: String(id) } });

describe("GET and POST /api/topics", () => {
  it("creates a topic owned by the caller and lists only their live topics", async () => {
    const res = await create({ memo: "Essay help", color: "pink", unavailable: false });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      memo: "Essay help",
      color: "pink",
      unavailable: false,
      deleted: false,
      staff: { id: teacher.staff.id, name: "Ms. Lovelace, Ada" },
      seat_cap: null,
      open_to: null,
    });
    await createTopic(state.db, { staff_id: teacher.staff.id, memo: "Old", deleted: true });
    await createTopic(state.db, { staff_id: colleague.staff.id, memo: "Theirs" });
    const list = await call<Answer<Topic[]>>(listTopicsRoute, { token: tokens.teacher });
    expect(list.status).toBe(200);
    expect(list.body.map((t) => t.memo)).toEqual(["Essay help"]);
  });

  it("defaults to an empty memo, a random palette colour and available", async () => {
    const res = await create({});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ memo: "", unavailable: false, deleted: false });
    expect(PALETTE).toContain(res.body.color);
    const away = await create({ memo: "Marking", unavailable: true });
    expect(away.body.unavailable).toBe(true);
  });

  it("validates memo length and colour (422)", async () => {
    const long = await create({ memo: "x".repeat(256) });
    expect(long.status).toBe(422);
    expect(long.body.errors.memo).toBeDefined();
    expect((await create({ memo: "x".repeat(255) })).status).toBe(201);
    const colour = await create({ memo: "a", color: "black" });
    expect(colour.status).toBe(422);
    expect(colour.body.errors.color).toBeDefined();
    expect((await create({ unavailable: "yes" })).status).toBe(422);
    expect((await call(createTopicRoute, { token: tokens.teacher, rawBody: "{" })).status).toBe(400);
  });

  it("is for staff: a sysadmin reads an empty list (docs/design/accounts.md#roles), creating is 403 for students and sysadmins, 401 signed out", async () => {
    const sysadminList = await call<Answer<Topic[]>>(listTopicsRoute, { token: tokens.sysadmin });
    expect(sysadminList.status).toBe(200);
    expect(sysadminList.body).toEqual([]);
    expect((await call(listTopicsRoute, { token: tokens.student })).status).toBe(403);
    for (const token of [tokens.student, tokens.sysadmin]) {
      expect((await create({ memo: "x" }, token)).status).toBe(403);
    }
    expect((await call(listTopicsRoute)).status).toBe(401);
    expect((await call(createTopicRoute, { body: {} })).status).toBe(401);
  });
});

describe("DELETE /api/topics/{id}", () => {
  it("soft-deletes the caller's own topic", async () => {
    const topic = await createTopic(state.db, { staff_id: teacher.staff.id, memo: "Bye" });
    const res = await remove(topic.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: topic.id, deleted: true });
    const [row] = await state.db.select().from(topics).where(eq(topics.id, topic.id));
    expect(row!.deleted).toBe(true);
    expect((await remove(topic.id)).status).toBe(404);
  });

  it("refuses other people's topics (403), unknown ids (404), bad ids (422)", async () => {
    const theirs = await createTopic(state.db, { staff_id: colleague.staff.id });
    expect((await remove(theirs.id)).status).toBe(403);
    expect((await remove(theirs.id, tokens.admin)).status).toBe(403);
    expect((await remove(999999)).status).toBe(404);
    expect((await call(deleteTopicRoute, { token: tokens.teacher, params: { id: "abc" } })).status).toBe(422);
    expect((await remove(theirs.id, tokens.student)).status).toBe(403);
    expect((await remove(theirs.id, tokens.sysadmin)).status).toBe(403);
    expect((await call(deleteTopicRoute, { params: { id: String(theirs.id) } })).status).toBe(401);
  });
});

describe("POST /api/topics/schedule", () => {
  it("puts the caller's topic on a pending flex block, replacing the previous one", async () => {
    const first = await createTopic(state.db, { staff_id: teacher.staff.id, memo: "First" });
    const second = await createTopic(state.db, { staff_id: teacher.staff.id, memo: "Second" });
    const res = await schedule({ topic_id: first.id, block_id: focus.id, date: WED });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      date: WED,
      block_id: focus.id,
      topic: expect.objectContaining({ id: first.id, memo: "First" }),
    });
    const replaced = await schedule({ topic_id: second.id, block_id: focus.id, date: WED });
    expect(replaced.status).toBe(200);
    expect(replaced.body.id).toBe(res.body.id);
    const rows = await state.db
      .select()
      .from(topicSchedules)
      .where(eq(topicSchedules.staff_id, teacher.staff.id));
    expect(rows.filter((r) => r.date === WED)).toHaveLength(1);
    expect(rows.find((r) => r.date === WED)!.topic_id).toBe(second.id);
  });

  it("checks ownership, the topic, and the block (flex, meeting, pending)", async () => {
    const mine = await createTopic(state.db, { staff_id: teacher.staff.id });
    const theirs = await createTopic(state.db, { staff_id: colleague.staff.id });
    const gone = await createTopic(state.db, { staff_id: teacher.staff.id, deleted: true });
    expect((await schedule({ topic_id: theirs.id, block_id: focus.id, date: THU })).status).toBe(403);
    expect((await schedule({ topic_id: gone.id, block_id: focus.id, date: THU })).status).toBe(404);
    expect((await schedule({ topic_id: 999999, block_id: focus.id, date: THU })).status).toBe(404);
    expect((await schedule({ topic_id: mine.id, block_id: 999999, date: THU })).status).toBe(404);
    expect((await schedule({ topic_id: mine.id, block_id: course.id, date: THU })).body.code).toBe(
      "not_flex",
    );
    expect((await schedule({ topic_id: mine.id, block_id: focus.id, date: SAT })).body.code).toBe(
      "not_meeting",
    );
    const past = await schedule({ topic_id: mine.id, block_id: focus.id, date: LAST_TUE });
    expect(past.status).toBe(409);
    expect(past.body.code).toBe("not_pending");
    const bad = await schedule({ topic_id: mine.id, block_id: focus.id });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.date).toBeDefined();
  });

  it("is for staff only", async () => {
    const mine = await createTopic(state.db, { staff_id: teacher.staff.id });
    const body = { topic_id: mine.id, block_id: focus.id, date: THU };
    expect((await schedule(body, tokens.student)).status).toBe(403);
    expect((await schedule(body, tokens.sysadmin)).status).toBe(403);
    expect((await call(scheduleRoute, { body })).status).toBe(401);
  });
});

describe("DELETE /api/topics/schedule/{id}", () => {
  it("takes the caller's topic off a pending block", async () => {
    const mine = await createTopic(state.db, { staff_id: teacher.staff.id, memo: "Remove me" });
    const row = await scheduleTopic(state.db, mine, { block_id: focus.id, date: weekdayDate(5) });
    const res = await unschedule(row.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: row.id, topic: { id: mine.id } });
    expect((await unschedule(row.id)).status).toBe(404);
  });

  it("refuses others (403), past blocks (409), unknown ids (404)", async () => {
    const theirs = await createTopic(state.db, { staff_id: colleague.staff.id });
    const theirRow = await scheduleTopic(state.db, theirs, { block_id: focus.id, date: weekdayDate(5) });
    expect((await unschedule(theirRow.id)).status).toBe(403);
    expect((await unschedule(theirRow.id, tokens.admin)).status).toBe(403);
    const mine = await createTopic(state.db, { staff_id: teacher.staff.id });
    const pastRow = await scheduleTopic(state.db, mine, { block_id: focus.id, date: LAST_TUE });
    const past = await unschedule(pastRow.id);
    expect(past.status).toBe(409);
    expect(past.body.code).toBe("not_pending");
    expect((await unschedule(999999)).status).toBe(404);
    expect((await call(unscheduleRoute, { token: tokens.teacher, params: { id: "0" } })).status).toBe(422);
    expect((await unschedule(theirRow.id, tokens.sysadmin)).status).toBe(403);
    expect((await unschedule(theirRow.id, tokens.student)).status).toBe(403);
    expect((await call(unscheduleRoute, { params: { id: String(theirRow.id) } })).status).toBe(401);
  });
});
