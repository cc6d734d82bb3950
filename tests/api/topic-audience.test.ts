/** @jest-environment node */
import { and, eq } from "drizzle-orm";
import { PATCH as updateTopicRoute } from "@/app/api/topics/[id]/route";
import { POST as createTopicRoute } from "@/app/api/topics/route";
import { POST as schedulePlan } from "@/app/api/students/schedule-plan/route";
import { POST as staffList } from "@/app/api/students/staff-list/route";
import { clusterMembers, clusters, courses, enrollments, plans, sections, topics } from "@/db/schema";
import type { OwnTopic, SchedulePlanResponse, StaffListResponse } from "@/lib/core/schedule/types";
import { createStudents } from "../helpers/bulk-factories";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";
import { createWeekTimetable } from "../helpers/schedule-factories";
import type { Answer } from "../helpers/schedule-factories";
import { createBlock, createPlan, createTopic, scheduleTopic, THU, WED } from "../helpers/timetable-factories";

/** Who may join a topic, and its seat cap: the topics routes, the staff list and the refusal. */

const state = useTestDb();

let focus: Awaited<ReturnType<typeof createBlock>>;
let teacher: Awaited<ReturnType<typeof createStaff>>;
let colleague: Awaited<ReturnType<typeof createStaff>>;
let twelve: Awaited<ReturnType<typeof createStudent>>;
let ten: Awaited<ReturnType<typeof createStudent>>;
let inCluster: Awaited<ReturnType<typeof createStudent>>;
let inSection: Awaited<ReturnType<typeof createStudent>>;
let robotics: { id: number };
let chem01: { id: number };
let chem02: { id: number };
let archivedSection: { id: number };
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const db = state.db;
  ({ focus } = await createWeekTimetable(db));
  teacher = await createStaff(db, { title: "Ms.", first_name: "Marie", last_name: "Curie", capacity: 20 });
  colleague = await createStaff(db, { title: "Mr.", first_name: "Niels", last_name: "Bohr", capacity: 30 });
  twelve = await createStudent(db, { first_name: "Twelve", grade: 12 });
  ten = await createStudent(db, { first_name: "Ten", grade: 10 });
  inCluster = await createStudent(db, { first_name: "Clustered", grade: 10 });
  inSection = await createStudent(db, { first_name: "Enrolled", grade: 9 });
  [robotics] = await db.insert(clusters).values({ name: "Robotics" }).returning({ id: clusters.id }) as [{ id: number }];
  await db.insert(clusterMembers).values({ cluster_id: robotics.id, student_id: inCluster.student.id });
  const [chem] = await db.insert(courses).values({ name: "Chemistry 12", short_name: "CHEM12" }).returning();
  [chem01, chem02, archivedSection] = (await db
    .insert(sections)
    .values([
      { course_id: chem!.id, code: "CHEM12-01" },
      { course_id: chem!.id, code: "CHEM12-02" },
      { course_id: chem!.id, code: "B2" },
    ])
    .returning({ id: sections.id })) as [{ id: number }, { id: number }, { id: number }];
  await db.insert(enrollments).values([
    { student_id: inSection.student.id, course_id: chem!.id, section_id: chem02.id },
    // A dropped enrolment does not admit.
    { student_id: ten.student.id, course_id: chem!.id, section_id: chem01.id, dropped_at: new Date() },
  ]);
  tokens.teacher = await tokenFor(db, teacher);
  tokens.colleague = await tokenFor(db, colleague);
  tokens.twelve = await tokenFor(db, twelve);
  tokens.ten = await tokenFor(db, ten);
  tokens.inCluster = await tokenFor(db, inCluster);
  tokens.inSection = await tokenFor(db, inSection);
  tokens.sysadmin = await tokenFor(db, await createSysadmin(db));
});

afterEach(async () => {
  await state.db.delete(plans).where(eq(plans.block_id, focus.id));
});

const create = (body: unknown, token = tokens.teacher!) => call<Answer<OwnTopic>>(createTopicRoute, { token, body });
const update = (id: number, body: unknown, token = tokens.teacher!) =>
  call<Answer<OwnTopic>>(updateTopicRoute, { token, body, params: { id: String(id) } });
const list = (token: string, date = WED) =>
  call<Answer<StaffListResponse>>(staffList, { token, body: { block_id: focus.id, date } });
const plan = (token: string, staffId = teacher.staff.id, date = WED) =>
  call<Answer<SchedulePlanResponse>>(schedulePlan, { token, body: { staff_id: staffId, block_id: focus.id, date } });

/** A topic of the teacher's on the focus block that date, limited as given. */
async function offered(values: { open_to?: typeof topics.$inferInsert.open_to; seat_cap?: number | null }, date = WED) {
  await state.db.delete(topics).where(eq(topics.staff_id, teacher.staff.id));
  const topic = await createTopic(state.db, { staff_id: teacher.staff.id, memo: "Chemistry 12 retake" });
  await state.db.update(topics).set(values).where(eq(topics.id, topic.id));
  await scheduleTopic(state.db, topic, { block_id: focus.id, date });
  return topic;
}

describe("POST and PATCH /api/topics: who may join and seats", () => {
  it("saves grades, clusters, sections and a seat cap, answering them with the topic", async () => {
    const res = await create({
      memo: "Chemistry 12 retake",
      open_to: { grades: [12, 11, 12], cluster_ids: [robotics.id], section_ids: [chem02.id, chem01.id] },
      seat_cap: 12,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      memo: "Chemistry 12 retake",
      seat_cap: 12,
      open_to: { grades: [11, 12], cluster_ids: [robotics.id], section_ids: [chem01.id, chem02.id] },
    });
    const [row] = await state.db.select().from(topics).where(eq(topics.id, res.body.id));
    expect(row!.open_to).toEqual({ grades: [11, 12], cluster_ids: [robotics.id], section_ids: [chem01.id, chem02.id] });

    const opened = await update(res.body.id, { open_to: { grades: [], cluster_ids: [], section_ids: [] }, seat_cap: null });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ memo: "Chemistry 12 retake", seat_cap: null, open_to: null });
    // Only the fields given change.
    const renamed = await update(res.body.id, { memo: "Lab catch-up" });
    expect(renamed.body).toMatchObject({ memo: "Lab catch-up", seat_cap: null, open_to: null });
    const everyone = await create({ memo: "Open", open_to: null });
    expect(everyone.body).toMatchObject({ open_to: null, seat_cap: null });
  });

  it("refuses grades outside the school's range, unknown or archived clusters and sections, and seats outside 1..capacity (422)", async () => {
    // The school's grades are 8 to 12 (the default grade_min and grade_max).
    const [archived] = await state.db
      .update(sections)
      .set({ archived_at: new Date() })
      .where(eq(sections.id, archivedSection.id))
      .returning();
    const res = await create({
      memo: "x",
      open_to: { grades: [13], cluster_ids: [robotics.id + 1000], section_ids: [archived!.id] },
      seat_cap: 21,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      "open_to.cluster_ids",
      "open_to.grades",
      "open_to.section_ids",
      "seat_cap",
    ]);
    expect(res.body.errors.seat_cap).toEqual(["Seats can be at most your capacity, 20."]);
    expect(res.body.errors["open_to.grades"]![0]).toMatch(/^Choose a grade from/);
    expect((await create({ memo: "x", seat_cap: 0 })).status).toBe(422);
    expect((await create({ memo: "x", seat_cap: 2.5 })).status).toBe(422);
    expect((await create({ memo: "x", open_to: { grades: ["eleven"] } })).status).toBe(422);
    expect((await create({ memo: "x", open_to: [12] })).status).toBe(422);
    expect((await create({ memo: "x", seat_cap: 20 })).status).toBe(201);
    const topic = await createTopic(state.db, { staff_id: teacher.staff.id });
    expect((await update(topic.id, {})).status).toBe(422);
    expect((await update(topic.id, { seat_cap: 21 })).status).toBe(422);
    expect((await call(updateTopicRoute, { token: tokens.teacher, rawBody: "{", params: { id: String(topic.id) } })).status).toBe(400);
  });

  it("lets only the owner change a topic: 403 for another teacher's, 404 unknown, 403 students, 401 signed out", async () => {
    const topic = await createTopic(state.db, { staff_id: teacher.staff.id, memo: "Mine" });
    const theirs = await update(topic.id, { seat_cap: 2 }, tokens.colleague);
    expect(theirs.status).toBe(403);
    const [row] = await state.db.select().from(topics).where(eq(topics.id, topic.id));
    expect(row!.seat_cap).toBeNull();
    expect((await update(999_999, { seat_cap: 2 })).status).toBe(404);
    expect((await update(topic.id, { seat_cap: 2 }, tokens.twelve)).status).toBe(403);
    expect((await update(topic.id, { seat_cap: 2 }, tokens.sysadmin)).status).toBe(403);
    expect((await call(updateTopicRoute, { body: { seat_cap: 2 }, params: { id: String(topic.id) } })).status).toBe(401);
  });
});

describe("the staff list and choosing, for a topic open only to some", () => {
  it("marks the topic closed, with its reason, for a student outside it, and open for those inside", async () => {
    await offered({ open_to: { grades: [], cluster_ids: [], section_ids: [chem01.id, chem02.id] } });
    const row = (res: Awaited<ReturnType<typeof list>>) => res.body.find((entry) => entry.staff.id === teacher.staff.id)!;
    const outside = await list(tokens.ten!);
    expect(outside.status).toBe(200);
    expect(row(outside)).toMatchObject({
      open: false,
      closed_reason: "Chemistry 12 retake is only for CHEM12-01 and CHEM12-02.",
    });
    expect(outside.body.find((entry) => entry.staff.id === colleague.staff.id)).toMatchObject({ open: true, closed_reason: null });
    expect(row(await list(tokens.inSection!))).toMatchObject({ open: true, closed_reason: null });
    // Staff read every topic open.
    expect(row(await list(tokens.teacher!))).toMatchObject({ open: true, closed_reason: null });
    // Another date, no topic: open.
    expect(row(await list(tokens.ten!, THU))).toMatchObject({ topic: null, open: true });
  });

  it("names grades and clusters in the reason, and admits by any of them", async () => {
    await offered({ open_to: { grades: [11, 12], cluster_ids: [robotics.id], section_ids: [] } });
    const ten_ = (await list(tokens.ten!)).body.find((entry) => entry.staff.id === teacher.staff.id)!;
    expect(ten_.closed_reason).toBe("Chemistry 12 retake is only for grades 11 and 12 and the Robotics cluster.");
    for (const token of [tokens.twelve!, tokens.inCluster!]) {
      expect((await list(token)).body.find((entry) => entry.staff.id === teacher.staff.id)).toMatchObject({ open: true });
    }
  });

  it("refuses a choice outside the audience (409 not_open_to_you with the reason) and takes one inside", async () => {
    await offered({ open_to: { grades: [12], cluster_ids: [], section_ids: [] } });
    const refused = await plan(tokens.ten!);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "not_open_to_you", message: "Chemistry 12 retake is only for grade 12." });
    const [none] = await state.db.select().from(plans).where(eq(plans.student_id, ten.student.id));
    expect(none).toBeUndefined();
    expect((await plan(tokens.twelve!)).status).toBe(200);
    // Only the teacher's topic on that date limits: on another date the student may choose them.
    expect((await plan(tokens.ten!, teacher.staff.id, THU)).status).toBe(200);
  });

  it("counts seats against the topic's cap below the capacity, on the list and when choosing", async () => {
    await offered({ seat_cap: 2 });
    const others = await createStudents(state.db, 2);
    await createPlan(state.db, { student_id: others[0]!.id, staff_id: teacher.staff.id, block_id: focus.id, date: WED });
    const one = (await list(tokens.ten!)).body.find((entry) => entry.staff.id === teacher.staff.id)!;
    expect(one).toMatchObject({ num_scheduled: 1, seats: 2, num_remaining: 1, staff: { capacity: 20 }, open: true });
    expect((await plan(tokens.ten!)).status).toBe(200);
    const full = await plan(tokens.twelve!);
    expect(full.status).toBe(409);
    expect(full.body.code).toBe("teacher_full");
    expect((await list(tokens.twelve!)).body.find((entry) => entry.staff.id === teacher.staff.id)).toMatchObject({
      num_scheduled: 2,
      num_remaining: 0,
    });
    const [row] = await state.db
      .select()
      .from(plans)
      .where(and(eq(plans.student_id, twelve.student.id), eq(plans.block_id, focus.id)));
    expect(row).toBeUndefined();
  });

  it("holds the cap when students race for the last seats (the teacher's row is locked while seats are counted)", async () => {
    await offered({ seat_cap: 3 }, THU);
    const racers = await Promise.all(Array.from({ length: 8 }, (_, i) => createStudent(state.db, { first_name: `Racer${i}`, grade: 11 })));
    const racerTokens = await Promise.all(racers.map((r) => tokenFor(state.db, r)));
    const results = await Promise.all(racerTokens.map((token) => plan(token, teacher.staff.id, THU)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === "teacher_full")).toBe(true);
    const rows = await state.db
      .select()
      .from(plans)
      .where(and(eq(plans.staff_id, teacher.staff.id), eq(plans.block_id, focus.id), eq(plans.date, THU)));
    expect(rows).toHaveLength(3);
  });

  it("reads the student's audience in a fixed number of statements, however many topics are limited", async () => {
    await offered({ open_to: { grades: [12], cluster_ids: [robotics.id], section_ids: [chem01.id] } });
    const few = await statementsOf(tokens.ten, () => list(tokens.ten!));
    for (let i = 0; i < 5; i++) {
      const other = await createStaff(state.db);
      const topic = await createTopic(state.db, { staff_id: other.staff.id, memo: `Limited ${i}` });
      await state.db
        .update(topics)
        .set({ open_to: { grades: [11], cluster_ids: [robotics.id], section_ids: [chem02.id] } })
        .where(eq(topics.id, topic.id));
      await scheduleTopic(state.db, topic, { block_id: focus.id, date: WED });
    }
    const many = await statementsOf(tokens.ten, () => list(tokens.ten!));
    expect(many.result.body.filter((entry) => !entry.open)).toHaveLength(6);
    expect(many.statements).toBe(few.statements);
  });
});
