/** @jest-environment node */
import { and, eq, sql } from "drizzle-orm";
import { POST as createEventRoute } from "@/app/api/calendar-events/route";
import { DELETE as deleteEventRoute } from "@/app/api/calendar-events/[id]/route";
import { GET as scheduleRoute } from "@/app/api/students/[id]/schedule/[date]/route";
import { POST as schedulePlanRoute } from "@/app/api/students/schedule-plan/route";
import { DELETE as deleteRoute } from "@/app/api/students/standing-choices/[id]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/students/standing-choices/route";
import { notifications, plans, standingChoiceOutcomes, standingChoices, waitlistEntries } from "@/db/schema";
import { enqueueJob } from "@/lib/jobs/queue.server";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { sentenceFor } from "@/lib/core/schedule/reason";
import { materialiseStanding, standingDue } from "@/lib/standing/service.server";
import { addDays, dayOfWeek, schoolInstant } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createAppointment, createWeekTimetable } from "../helpers/schedule-factories";
import { createPlan, createTopic, scheduleTopic, TEST_TIMEZONE, testToday, weekdayDate } from "../helpers/timetable-factories";

/**
 * Standing choices (the usual teacher, chosen once): "every Wednesday with Ms. Ruiz" fills the student's coming Focus
 * Blocks (the test school's timetable is weekly, so its day types are weekday names: both patterns
 * work), once each, never over a hand choice, an appointment, a holiday or a full teacher.
 */
const state = useTestDb();
const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

let focus: { id: number };
let ruiz: Awaited<ReturnType<typeof createStaff>>;
let reyes: Awaited<ReturnType<typeof createStaff>>;
let adminToken: string;
let teacherToken: string;

/** Next week's Wednesday: always inside the 14-day window. */
const WED1 = weekdayDate(3, 1);
/**
 * The Wednesdays of the 14-day window (today and 13 days ahead) whose Focus Block (09:26–10:06) has
 * not ended: two, or one on a Wednesday after its block.
 */
const wednesdays = () => {
  const today = testToday();
  const found: string[] = [];
  for (let d = today; d <= addDays(today, 13); d = addDays(d, 1)) {
    if (dayOfWeek(d) === 3 && schoolInstant(d, "10:06", TEST_TIMEZONE).getTime() > Date.now()) found.push(d);
  }
  return found;
};

beforeAll(async () => {
  ({ focus } = await createWeekTimetable(state.db));
  ruiz = await createStaff(state.db, { title: "Ms.", first_name: "Elena", last_name: "Ruiz", capacity: 30 });
  reyes = await createStaff(state.db, { title: "Mr.", first_name: "Daniel", last_name: "Reyes", capacity: 30 });
  adminToken = await tokenFor(state.db, await createAdmin(state.db));
  teacherToken = await tokenFor(state.db, ruiz);
});

async function pupil() {
  const student = await createStudent(state.db);
  return { id: student.student.id, token: await tokenFor(state.db, student) };
}

const create = (token: string | undefined, body: unknown) => call(createRoute, { token, body });

const plansOf = (studentId: number) =>
  state.db
    .select({ date: plans.date, staff_id: plans.staff_id, source: plans.source, standing_choice_id: plans.standing_choice_id })
    .from(plans)
    .where(eq(plans.student_id, studentId))
    .orderBy(plans.date);

describe("POST /api/students/standing-choices", () => {
  it("makes a plan on each matching Focus Block ahead, with the standing reason", async () => {
    const maya = await pupil();
    const res = await create(maya.token, { staff_id: ruiz.staff.id, weekday: 3, from: testToday() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ staff: { id: ruiz.staff.id, name: "Ms. Ruiz, Elena" }, weekday: 3, day_type: null, pattern: "Wednesdays" });
    expect(res.body.until >= testToday()).toBe(true);
    const expected = wednesdays();
    expect(res.body.outcomes.map((o: { date: string; outcome: string }) => [o.date, o.outcome])).toEqual(expected.map((d) => [d, "planned"]));
    const rows = await plansOf(maya.id);
    expect(rows).toEqual(expected.map((date) => ({ date, staff_id: ruiz.staff.id, source: "standing", standing_choice_id: res.body.id })));

    // The week says why: "Your usual on Wednesdays with Ms. Ruiz."
    const week = await call(scheduleRoute, { token: maya.token, params: { id: "self", date: WED1 } });
    expect(week.status).toBe(200);
    const block = week.body.schedule
      .flatMap((d: { blocks: { id: number; reason?: unknown }[]; date: { iso: string } }) => d.blocks.map((b) => ({ ...b, date: d.date.iso })))
      .find((b: { id: number; date: string }) => b.id === focus.id && b.date === WED1);
    expect(block.reason).toMatchObject({ kind: "standing", weekday: 3, teacher: { id: ruiz.staff.id } });
    expect(sentenceFor(block.reason, { viewer: "self", timezone: TEST_TIMEZONE })).toBe("Your usual on Wednesdays with Ms. Ruiz.");
    expect(typeof block.choose_until).toBe("string");

    // Listed, with what the form offers.
    const list = await call(listRoute, { token: maya.token });
    expect(list.status).toBe(200);
    expect(list.body.standing_choices).toEqual([expect.objectContaining({ id: res.body.id, pattern: "Wednesdays" })]);
    expect(list.body.cycle).toEqual({ kind: "weekly", day_types: expect.arrayContaining(["Wednesday"]) });
    expect(list.body.teachers.map((t: { id: number }) => t.id)).toEqual(expect.arrayContaining([ruiz.staff.id, reyes.staff.id]));
  });

  it("takes a day type of the timetable in force (here a weekday's name) and runs again without doubling", async () => {
    const kid = await pupil();
    const res = await create(kid.token, { staff_id: reyes.staff.id, day_type: "wednesday", from: testToday() });
    expect(res.status).toBe(201);
    expect(res.body.day_type).toBe("Wednesday");
    expect(await plansOf(kid.id)).toHaveLength(wednesdays().length);
    const again = await materialiseStanding(state.db, new Date(), { standingChoiceId: res.body.id, tell: true });
    expect(again.outcomes).toEqual([]);
    expect(await plansOf(kid.id)).toHaveLength(wednesdays().length);
  });

  it("leaves a block the student holds already (a hand choice, an appointment) as it is: outcome held", async () => {
    const kid = await pupil();
    const [first, second] = wednesdays();
    await createPlan(state.db, { student_id: kid.id, staff_id: reyes.staff.id, block_id: focus.id, date: first! });
    if (second) await createAppointment(state.db, { student_id: kid.id, staff_id: reyes.staff.id, block_id: focus.id, date: second });
    const res = await create(kid.token, { staff_id: ruiz.staff.id, weekday: 3, from: testToday() });
    expect(res.status).toBe(201);
    expect(res.body.outcomes.map((o: { outcome: string }) => o.outcome)).toEqual(wednesdays().map(() => "held"));
    expect(res.body.outcomes[0].detail).toBe("You already have a plan in that Focus Block, so it stays as it is.");
    expect(await plansOf(kid.id)).toEqual([{ date: first, staff_id: reyes.staff.id, source: "chosen", standing_choice_id: null }]);
  });

  it("puts the student on the waitlist of a full teacher, and skips one who is unavailable; the job tells them", async () => {
    const full = await createStaff(state.db, { title: "Mr.", first_name: "Sam", last_name: "Full", capacity: 1 });
    const away = await createStaff(state.db, { title: "Ms.", first_name: "Ana", last_name: "Away", capacity: 5 });
    const [first] = wednesdays();
    const taken = await pupil();
    await createPlan(state.db, { student_id: taken.id, staff_id: full.staff.id, block_id: focus.id, date: first! });
    const topic = await createTopic(state.db, { staff_id: away.staff.id, unavailable: true, memo: "Marking" });
    await scheduleTopic(state.db, topic, { block_id: focus.id, date: first! });
    const kid = await pupil();
    // Made directly, as the job finds them (creating by the route materialises at once and tells nobody).
    const [toFull, toAway] = await state.db
      .insert(standingChoices)
      .values([
        { student_id: kid.id, staff_id: full.staff.id, weekday: 3, from: first!, until: first! },
        { student_id: kid.id, staff_id: away.staff.id, weekday: 3, from: first!, until: first! },
      ])
      .returning();
    expect(await standingDue(state.db, new Date())).toBe(true);
    await enqueueJob(state.db, "standing-choices", {});
    await runPendingJobs(state.db);
    const outcomes = await state.db
      .select({ id: standingChoiceOutcomes.standing_choice_id, outcome: standingChoiceOutcomes.outcome, detail: standingChoiceOutcomes.detail })
      .from(standingChoiceOutcomes)
      .where(sql`${standingChoiceOutcomes.standing_choice_id} in (${toFull!.id}, ${toAway!.id})`)
      .orderBy(standingChoiceOutcomes.standing_choice_id);
    expect(outcomes).toEqual([
      { id: toFull!.id, outcome: "waitlisted", detail: "Mr. Full is full, so you are on their waitlist." },
      { id: toAway!.id, outcome: "unavailable", detail: "Ms. Away is not taking students in that Focus Block." },
    ]);
    const waiting = await state.db.select().from(waitlistEntries).where(eq(waitlistEntries.student_id, kid.id));
    expect(waiting).toEqual([expect.objectContaining({ staff_id: full.staff.id, block_id: focus.id, date: first })]);
    expect(await plansOf(kid.id)).toEqual([]);
    const inbox = await state.db.select({ body: notifications.body }).from(notifications).where(sql`${notifications.body} like '%Your usual on Wednesdays with Mr. Full%'`);
    expect(inbox.length).toBeGreaterThan(0);
  });

  it("refuses bad input with 422 and the field", async () => {
    const kid = await pupil();
    const cases: [unknown, string][] = [
      [{ staff_id: ruiz.staff.id, from: testToday() }, "day_type"],
      [{ staff_id: ruiz.staff.id, weekday: 3, day_type: "Wednesday", from: testToday() }, "weekday"],
      [{ staff_id: ruiz.staff.id, weekday: 7, from: testToday() }, "weekday"],
      [{ staff_id: ruiz.staff.id, day_type: "Day 9", from: testToday() }, "day_type"],
      [{ staff_id: ruiz.staff.id, weekday: 3, from: addDays(testToday(), -1) }, "from"],
      [{ staff_id: ruiz.staff.id, weekday: 3, from: "2026-02-30" }, "from"],
      [{ staff_id: ruiz.staff.id, weekday: 3, from: addDays(testToday(), 5), until: addDays(testToday(), 4) }, "until"],
      [{ staff_id: "x", weekday: 3, from: testToday() }, "staff_id"],
    ];
    for (const [body, field] of cases) {
      const res = await create(kid.token, body);
      expect([res.status, field, Object.keys(res.body.errors ?? {})]).toEqual([422, field, expect.arrayContaining([field])]);
    }
    const raw = await call(createRoute, { token: kid.token, rawBody: "{nope" });
    expect(raw.status).toBe(400);
    expect(await state.db.select().from(standingChoices).where(eq(standingChoices.student_id, kid.id))).toEqual([]);
  });

  it("refuses a teacher who takes no students (422), an unknown one (404), and the same pattern twice (409)", async () => {
    const kid = await pupil();
    const office = await createStaff(state.db, { takes_students: false });
    expect((await create(kid.token, { staff_id: office.staff.id, weekday: 3, from: testToday() })).status).toBe(422);
    expect((await create(kid.token, { staff_id: 999999, weekday: 3, from: testToday() })).status).toBe(404);
    expect((await create(kid.token, { staff_id: ruiz.staff.id, weekday: 2, from: testToday() })).status).toBe(201);
    const twice = await create(kid.token, { staff_id: reyes.staff.id, weekday: 2, from: testToday() });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("standing_choice_overlaps");
  });

  it("is the students' own: 401 signed out, 403 to staff", async () => {
    expect((await create(undefined, { staff_id: ruiz.staff.id, weekday: 3, from: testToday() })).status).toBe(401);
    expect((await create(teacherToken, { staff_id: ruiz.staff.id, weekday: 3, from: testToday() })).status).toBe(403);
    expect((await call(listRoute, { token: adminToken })).status).toBe(403);
  });
});

describe("DELETE /api/students/standing-choices/{id}", () => {
  it("removes one's own with its pending standing plans, keeps a plan changed by hand; 403 for another's", async () => {
    const kid = await pupil();
    const nosy = await pupil();
    const res = await create(kid.token, { staff_id: ruiz.staff.id, weekday: 3, from: testToday() });
    const [first, second] = wednesdays();
    // The student changes one date by hand: that plan is theirs now.
    const hand = await call(schedulePlanRoute, { token: kid.token, body: { block_id: focus.id, date: first, staff_id: reyes.staff.id } });
    expect(hand.status).toBe(200);
    const forbidden = await call(deleteRoute, { token: nosy.token, params: { id: String(res.body.id) }, method: "DELETE" });
    expect(forbidden.status).toBe(403);
    expect((await call(deleteRoute, { token: teacherToken, params: { id: String(res.body.id) }, method: "DELETE" })).status).toBe(403);
    expect((await call(deleteRoute, { token: kid.token, params: { id: "abc" }, method: "DELETE" })).status).toBe(422);
    const gone = await call(deleteRoute, { token: kid.token, params: { id: String(res.body.id) }, method: "DELETE" });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ id: res.body.id, plans_removed: second ? 1 : 0 });
    expect(await plansOf(kid.id)).toEqual([{ date: first, staff_id: reyes.staff.id, source: "chosen", standing_choice_id: null }]);
    expect((await call(deleteRoute, { token: kid.token, params: { id: String(res.body.id) }, method: "DELETE" })).status).toBe(404);
  });
});

describe("holidays", () => {
  it("makes no plan on a day without blocks, and makes it once the day opens again", async () => {
    const [first] = wednesdays();
    const event = await call(createEventRoute, { token: adminToken, body: { date: first, name: "Snow day", no_blocks: true } });
    expect(event.status).toBe(201);
    const kid = await pupil();
    const res = await create(kid.token, { staff_id: ruiz.staff.id, weekday: 3, from: testToday() });
    expect(res.body.outcomes.map((o: { date: string }) => o.date)).not.toContain(first);
    expect((await plansOf(kid.id)).map((p) => p.date)).not.toContain(first);
    expect((await call(deleteEventRoute, { token: adminToken, params: { id: String(event.body.id) }, method: "DELETE" })).status).toBe(204);
    await materialiseStanding(state.db, new Date(), { tell: true });
    expect((await plansOf(kid.id)).map((p) => p.date)).toContain(first);
  });
});

describe("races (PostgreSQL)", () => {
  onPostgres("a standing choice materialising while the student chooses by hand: exactly one plan each, nobody lost", async () => {
    const date = wednesdays()[wednesdays().length - 1]!;
    const teacher = await createStaff(state.db, { capacity: 100 });
    const byHand = await createStaff(state.db, { capacity: 100 });
    const kids = [];
    for (let i = 0; i < 30; i++) kids.push(await pupil());
    await state.db
      .insert(standingChoices)
      .values(kids.map((k) => ({ student_id: k.id, staff_id: teacher.staff.id, weekday: 3, from: date, until: date })));
    const answers = await Promise.all([
      materialiseStanding(state.db, new Date(), { tell: true }),
      materialiseStanding(state.db, new Date(), { tell: true }),
      ...kids.map((k) => call(schedulePlanRoute, { token: k.token, body: { block_id: focus.id, date, staff_id: byHand.staff.id } })),
    ]);
    for (const answer of answers.slice(2)) expect((answer as { status: number }).status).toBe(200);
    const rows = await state.db
      .select({ student_id: plans.student_id, staff_id: plans.staff_id, source: plans.source })
      .from(plans)
      .where(and(eq(plans.block_id, focus.id), eq(plans.date, date), sql`${plans.student_id} in ${kids.map((k) => k.id)}`));
    expect(rows).toHaveLength(30);
    // Every hand choice stands: it either came after the standing plan (and replaced it) or before it (held).
    expect(rows.every((r) => r.staff_id === byHand.staff.id && r.source === "chosen")).toBe(true);
    const outcomes = await state.db
      .select({ outcome: standingChoiceOutcomes.outcome })
      .from(standingChoiceOutcomes)
      .innerJoin(standingChoices, eq(standingChoices.id, standingChoiceOutcomes.standing_choice_id))
      .where(eq(standingChoices.staff_id, teacher.staff.id));
    expect(outcomes).toHaveLength(30);
    expect(outcomes.every((o) => o.outcome === "planned" || o.outcome === "held")).toBe(true);
  });

  onPostgres("a day that becomes a holiday while standing choices materialise keeps no plan", async () => {
    const date = wednesdays()[0]!;
    const teacher = await createStaff(state.db, { capacity: 100 });
    const kids = [];
    for (let i = 0; i < 30; i++) kids.push(await pupil());
    await state.db
      .insert(standingChoices)
      .values(kids.map((k) => ({ student_id: k.id, staff_id: teacher.staff.id, weekday: 3, from: date, until: date })));
    const [, event] = await Promise.all([
      materialiseStanding(state.db, new Date(), { tell: true }),
      call(createEventRoute, { token: adminToken, body: { date, name: "Storm", no_blocks: true } }),
    ]);
    expect(event.status).toBe(201);
    const left = await state.db.select().from(plans).where(and(eq(plans.staff_id, teacher.staff.id), eq(plans.date, date)));
    expect(left).toEqual([]);
    await call(deleteEventRoute, { token: adminToken, params: { id: String(event.body.id) }, method: "DELETE" });
  });
});
