/** @jest-environment node */
import { parse } from "csv-parse/sync";
import { eq, inArray } from "drizzle-orm";
import { POST as createApiToken } from "@/app/api/api-tokens/route";
import { GET as dashboardRoute } from "@/app/api/dashboard/route";
import { GET as attendanceRoute } from "@/app/api/reports/attendance/route";
import { appointments, appointmentSeries, checkIns, staff, standingChoiceOutcomes, standingChoices, students, terms, waitlistEntries } from "@/db/schema";
import { LIMIT_REACHED } from "@/lib/requests/series.server";
import { addDays, schoolInstant } from "@/lib/core/time";
import { MAX_DASHBOARD_DAYS } from "@/lib/dashboard/schemas";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createAmendment, createAppointment, createCluster, createCourse, enroll, setSchoolYear, setSetting } from "../helpers/schedule-factories";
import { statementsOf } from "../helpers/statements";
import { createCheckIn, createFocusBlock, createPlan, TEST_TIMEZONE, testToday, weekdayDate } from "../helpers/timetable-factories";

/**
 * GET /api/dashboard on a small school with two past weeks of Focus Blocks arranged so that every
 * list has someone in it and someone left out of it: who never chose, who missed, who was checked in
 * elsewhere, who waited and was never placed, whom their own teacher never saw, each teacher's load
 * (the office left out), and the standing choices and recurring requests that went unmet.
 */
const state = useTestDb();

const FROM = weekdayDate(1, -2);
const TO = weekdayDate(5, -1);
/** The range's ten school days, Monday to Friday of the last two weeks. */
const DAYS = [0, 1, 2, 3, 4, 7, 8, 9, 10, 11].map((n) => addDays(FROM, n));

type Staff = Awaited<ReturnType<typeof createStaff>>;
type Student = Awaited<ReturnType<typeof createStudent>>["student"];
let focus: { id: number };
let ruiz: Staff;
let reyes: Staff;
let chen: Staff;
let office: Staff;
/** placed: always placed by default, checked in by Reyes 3 times though placed with Ruiz. */
let placed: Student;
/** chooser: chooses Ruiz every day and never comes (missed 10). */
let chooser: Student;
/** regular: chooses Reyes, comes every day; enrolled with Reyes (seen) and with Chen (not seen). */
let regular: Student;
/** waiter: on Chen's waitlist twice, never placed; chooses Chen once and comes. */
let waiter: Student;
/** steady: on a waitlist once but given a seat from it; grade 9, in a cluster. */
let steady: Student;
const tokens: Record<string, string> = {};
let clusterId: number;
let outsiderId: number;

const get = (query: Record<string, string>, token = tokens.admin) => call(dashboardRoute, { token, query });
const ids = (list: { student_id: number }[]) => list.map((s) => s.student_id).sort((a, b) => a - b);

beforeAll(async () => {
  const year = await setSchoolYear(state.db, 90, 60);
  await setSetting(state.db, "attendance_from", year.start);
  focus = await createFocusBlock(state.db, { days: [1, 2, 3, 4, 5] });
  ruiz = await createStaff(state.db, { title: "Ms.", first_name: "Elena", last_name: "Ruiz", capacity: 2 });
  reyes = await createStaff(state.db, { title: "Mr.", first_name: "Daniel", last_name: "Reyes", capacity: 25, homeroom: "HR-12" });
  chen = await createStaff(state.db, { title: "Dr.", first_name: "Li", last_name: "Chen", capacity: 20 });
  office = await createStaff(state.db, { first_name: "Pat", last_name: "Office", takes_students: false, capacity: 0 });
  const admin = await createAdmin(state.db, { takes_students: false, capacity: 0 });
  const made = async (last: string, grade = 10) =>
    (await createStudent(state.db, { last_name: last, grade, default_teacher_id: reyes.staff.id })).student;
  placed = await made("Placed");
  chooser = await made("Chooser");
  regular = await made("Regular");
  waiter = await made("Waiter");
  steady = await made("Steady", 9);
  const everyone = [placed, chooser, regular, waiter, steady];
  await state.db
    .update(students)
    .set({ created_at: schoolInstant(year.start, "07:00", TEST_TIMEZONE) })
    .where(inArray(students.id, everyone.map((s) => s.id)));
  await state.db
    .update(staff)
    .set({ created_at: schoolInstant(year.start, "07:00", TEST_TIMEZONE) })
    .where(inArray(staff.id, [ruiz, reyes, chen, office].map((t) => t.staff.id)));
  clusterId = (await createCluster(state.db, { name: "Robotics", student_ids: [steady.id, chooser.id] })).id;

  const checkIn = (student: Student, date: string, by: Staff) =>
    createCheckIn(state.db, {
      student_id: student.id,
      block_id: focus.id,
      date,
      staff_id: by.staff.id,
      checked_in_at: schoolInstant(date, "09:30", TEST_TIMEZONE),
    });
  for (const [i, date] of DAYS.entries()) {
    await createPlan(state.db, { student_id: placed.id, staff_id: ruiz.staff.id, block_id: focus.id, date, source: "placed" });
    if (i < 3) await checkIn(placed, date, reyes);
    else await checkIn(placed, date, ruiz);
    await createPlan(state.db, { student_id: chooser.id, staff_id: ruiz.staff.id, block_id: focus.id, date });
    if (i === 9) {
      // An appointment holds the regular student on the last day; kept with Chen.
      await createAppointment(state.db, { student_id: regular.id, staff_id: chen.staff.id, block_id: focus.id, date });
      await checkIn(regular, date, chen);
    } else {
      await createPlan(state.db, { student_id: regular.id, staff_id: reyes.staff.id, block_id: focus.id, date });
      await checkIn(regular, date, reyes);
    }
    await createPlan(state.db, {
      student_id: steady.id,
      staff_id: reyes.staff.id,
      block_id: focus.id,
      date,
      source: i === 0 ? "waitlist" : "chosen",
    });
    await checkIn(steady, date, reyes);
  }
  // The waiter chose Chen once; otherwise no plan, no check-in: missed 9, and on Chen's waitlist twice.
  await createPlan(state.db, { student_id: waiter.id, staff_id: chen.staff.id, block_id: focus.id, date: DAYS[4]! });
  await checkIn(waiter, DAYS[4]!, chen);
  for (const date of [DAYS[1]!, DAYS[2]!]) {
    await state.db.insert(waitlistEntries).values({ student_id: waiter.id, staff_id: chen.staff.id, block_id: focus.id, date });
  }
  // Steady waited on Ruiz the first day and was given a seat from the waitlist (the entry kept, as an import might leave it),
  await state.db.insert(waitlistEntries).values({ student_id: steady.id, staff_id: ruiz.staff.id, block_id: focus.id, date: DAYS[0]! });
  // and waited on Chen the Friday before the range: outside it.
  await state.db.insert(waitlistEntries).values({ student_id: steady.id, staff_id: chen.staff.id, block_id: focus.id, date: addDays(FROM, -3) });
  // Someone with no homeroom, plan or check-in in the range waited on Chen once.
  const outsider = (await createStudent(state.db, { last_name: "Outsider" })).student;
  outsiderId = outsider.id;
  await state.db.insert(waitlistEntries).values({ student_id: outsider.id, staff_id: chen.staff.id, block_id: focus.id, date: DAYS[6]! });
  // Everybody excused on the sixth day for an assembly: it counts as neither present nor absent.
  await createAmendment(state.db, { student_id: null, staff_id: ruiz.staff.id, block_id: focus.id, date: DAYS[5]!, memo: "Assembly" });

  // Sections: the regular student is in Reyes's Math (seen) and Chen's Science (never checked in with Chen in the term).
  await state.db.insert(terms).values({ name: "Term", start: year.start, end: year.end });
  const math = await createCourse(state.db, { block_id: focus.id, staff_id: reyes.staff.id, name: "Math" });
  const science = await createCourse(state.db, { block_id: focus.id, staff_id: chen.staff.id, name: "Science" });
  await enroll(state.db, { student_id: regular.id, course_id: math.id });
  await enroll(state.db, { student_id: placed.id, course_id: science.id });
  await enroll(state.db, { student_id: chooser.id, course_id: science.id, dropped_at: new Date() });

  // Unmet: a standing choice of Ruiz that met a full teacher, and a recurring request of Chen's skipped once.
  const [choice] = await state.db
    .insert(standingChoices)
    .values({ student_id: chooser.id, staff_id: ruiz.staff.id, weekday: 3, from: FROM, until: TO })
    .returning();
  await state.db.insert(standingChoiceOutcomes).values([
    { standing_choice_id: choice!.id, date: DAYS[2]!, block_id: focus.id, outcome: "waitlisted", detail: "Ms. Ruiz is full, so you are on their waitlist." },
    { standing_choice_id: choice!.id, date: DAYS[7]!, block_id: focus.id, outcome: "planned", detail: "" },
  ]);
  await state.db.insert(appointmentSeries).values({
    staff_id: chen.staff.id,
    block_id: focus.id,
    weekday: 4,
    from: FROM,
    until: TO,
    student_ids: [regular.id],
    skipped: [{ student_id: regular.id, date: DAYS[3]!, reason: LIMIT_REACHED }],
  });

  tokens.admin = await tokenFor(state.db, admin);
  tokens.sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
  tokens.ruiz = await tokenFor(state.db, ruiz);
  tokens.chen = await tokenFor(state.db, chen);
  tokens.student = await tokenFor(state.db, await createStudent(state.db));
});

describe("GET /api/dashboard for the whole school", () => {
  it("counts participation per school day by how the student came to be there and how it ended", async () => {
    const res = await get({ from: FROM, to: TO });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: FROM, to: TO, school_days: 10, scope: { staff_id: null }, thresholds: { missed_min: 3, elsewhere_min: 3 } });
    expect(res.body.participation.map((d: { date: string }) => d.date)).toEqual(DAYS);
    const day = (i: number) => res.body.participation[i];
    // Day 0: placed 1 (placed), chose 3 (chooser, regular, steady from the waitlist), checked in 3, absent 2 (chooser, waiter).
    expect(day(0)).toEqual({ date: DAYS[0], chose: 3, placed: 1, appointment: 0, checked_in: 3, absent: 2 });
    // Day 4: the waiter chose Chen and came.
    expect(day(4)).toEqual({ date: DAYS[4], chose: 4, placed: 1, appointment: 0, checked_in: 4, absent: 1 });
    // Day 5: everyone excused.
    expect(day(5)).toMatchObject({ checked_in: 0, absent: 0 });
    // Day 9: the regular student's appointment holds them.
    expect(day(9)).toEqual({ date: DAYS[9], chose: 2, placed: 1, appointment: 1, checked_in: 3, absent: 2 });
  });

  it("lists the students to follow up, each with its count", async () => {
    const res = await get({ from: FROM, to: TO });
    const { never_chose, missed, elsewhere, waitlisted_never_placed } = res.body.follow_up;
    expect(never_chose).toEqual([
      { student_id: placed.id, name: `Sam Placed`, student_number: placed.student_number, grade: 10, homeroom: "HR-12", count: 10 },
    ]);
    // Missed: chooser 9 (one day excused), waiter 8.
    expect(missed.map((s: { student_id: number; count: number }) => [s.student_id, s.count])).toEqual([
      [chooser.id, 9],
      [waiter.id, 8],
    ]);
    expect(elsewhere.map((s: { student_id: number; count: number }) => [s.student_id, s.count])).toEqual([[placed.id, 3]]);
    expect(waitlisted_never_placed.map((s: { student_id: number; count: number }) => [s.student_id, s.count])).toEqual([
      [outsiderId, 1],
      [waiter.id, 2],
    ]);

    const strict = await get({ from: FROM, to: TO, missed_min: "9", elsewhere_min: "4" });
    expect(ids(strict.body.follow_up.missed)).toEqual([chooser.id]);
    expect(strict.body.follow_up.elsewhere).toEqual([]);
    expect(strict.body.thresholds).toEqual({ missed_min: 9, elsewhere_min: 4 });
  });

  it("lists per teacher the students of their sections they have not seen in the term", async () => {
    const res = await get({ from: FROM, to: TO });
    // Reyes saw his Math student; Chen never saw the placed student of her Science (the dropped chooser is left out).
    expect(res.body.not_seen).toEqual([
      {
        staff_id: chen.staff.id,
        name: "Dr. Chen, Li",
        students: [expect.objectContaining({ student_id: placed.id, sections: [expect.stringContaining("Science")] })],
      },
    ]);
  });

  it("gives each teacher who takes students their load, leaving the office out", async () => {
    const res = await get({ from: FROM, to: TO });
    const load = res.body.teacher_load as { staff_id: number }[];
    expect(load.map((t) => t.staff_id)).toEqual([chen.staff.id, reyes.staff.id, ruiz.staff.id]);
    const row = (t: Staff) => load.find((l) => l.staff_id === t.staff.id);
    // Ruiz: the placed and the chooser every day, capacity 2: full every block.
    expect(row(ruiz)).toEqual({
      staff_id: ruiz.staff.id, name: "Ms. Ruiz, Elena", blocks: 10, planned: 20, capacity: 2,
      full_blocks: 10, empty_blocks: 0, requests: 0, waitlist_longest: 1, waitlist_total: 1,
    });
    // Chen: one plan, one appointment, the waiter on the waitlist twice and the outsider once.
    expect(row(chen)).toMatchObject({ planned: 1, empty_blocks: 9, full_blocks: 0, requests: 1, waitlist_longest: 1, waitlist_total: 3 });
    expect(row(reyes)).toMatchObject({ planned: 19, empty_blocks: 0 });
    expect(load.some((t) => t.staff_id === office.staff.id)).toBe(false);
  });

  it("lists unmet standing choices and requests with the rule that refused them", async () => {
    const res = await get({ from: FROM, to: TO });
    expect(res.body.unmet).toEqual([
      {
        kind: "standing", date: DAYS[2], block: "Focus Block", student_id: chooser.id, student: "Sam Chooser",
        staff_id: ruiz.staff.id, staff: "Ms. Ruiz, Elena", reason: "Ms. Ruiz was full, so the student went on the waitlist",
      },
      {
        kind: "request", date: DAYS[3], block: "Focus Block", student_id: regular.id, student: "Sam Regular",
        staff_id: chen.staff.id, staff: "Dr. Chen, Li", reason: "The student already had the most appointments allowed that day",
      },
    ]);
  });

  it("filters by grade, homeroom and cluster", async () => {
    const grade = await get({ from: FROM, to: TO, grade: "9" });
    expect(grade.status).toBe(200);
    expect(grade.body.participation[0]).toMatchObject({ chose: 1, placed: 0, checked_in: 1, absent: 0 });
    expect(grade.body.follow_up.missed).toEqual([]);
    const cluster = await get({ from: FROM, to: TO, cluster_id: String(clusterId) });
    expect(ids(cluster.body.follow_up.missed)).toEqual([chooser.id]);
    expect(cluster.body.scope).toEqual({ staff_id: null, grade: null, homeroom_id: null, cluster_id: clusterId });
    const homeroom = await get({ from: FROM, to: TO, homeroom_id: String(ruiz.staff.id) });
    expect(homeroom.body.participation[0]).toMatchObject({ chose: 0, placed: 0, checked_in: 0, absent: 0 });
  });

  it("counts checked in and absent as the attendance report by day does, for the school and for a teacher", async () => {
    for (const token of [tokens.admin, tokens.ruiz]) {
      const dashboard = await get({ from: FROM, to: TO }, token);
      const byDay = await call(attendanceRoute, { token, query: { from: FROM, to: TO, group_by: "day" } });
      expect(byDay.status).toBe(200);
      expect(dashboard.body.participation.map((d: { date: string; checked_in: number; absent: number }) => [d.date, d.checked_in, d.absent])).toEqual(
        byDay.body.rows.map((r: { date: string; attended: number; missed: number }) => [r.date, r.attended, r.missed]),
      );
    }
  });

  it("answers an integration's reports:read API token for the whole school", async () => {
    const created = await call(createApiToken, { token: tokens.admin, body: { name: "Dashboard feed", scopes: ["reports:read"], password: TEST_PASSWORD } });
    expect(created.status).toBe(201);
    const res = await get({ from: FROM, to: TO }, created.body.token as string);
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await get({ from: FROM, to: TO })).body);
  });

  it("answers a weekend (no Focus Block) with empty lists", async () => {
    const saturday = addDays(FROM, 5);
    const res = await get({ from: saturday, to: addDays(saturday, 1) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ school_days: 0, participation: [], follow_up: { never_chose: [], missed: [], elsewhere: [] }, unmet: [] });
    expect(res.body.teacher_load.every((t: { blocks: number }) => t.blocks === 0)).toBe(true);
  });

  it("defaults to the four weeks up to today", async () => {
    const res = await get({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: addDays(testToday(), -27), to: testToday() });
  });

  it("runs the same number of statements for four weeks and for the year", async () => {
    const month = await statementsOf(tokens.admin, () => get({ from: FROM, to: TO }));
    const year = await statementsOf(tokens.admin, () => get({ from: addDays(TO, -300), to: TO }));
    expect(month.result.status).toBe(200);
    expect(year.result.status).toBe(200);
    expect(year.statements).toBe(month.statements);
    expect(month.statements).toBeLessThanOrEqual(2 + 3 + 5);
    const csv = await statementsOf(tokens.admin, () => get({ from: FROM, to: TO, format: "csv", list: "missed" }));
    expect(csv.statements).toBeLessThan(month.statements);
  });
});

describe("GET /api/dashboard as CSV", () => {
  it("exports each list with human headers", async () => {
    const res = await get({ from: FROM, to: TO, format: "csv", list: "missed" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="dashboard-missed-${FROM}-to-${TO}.csv"`);
    const records = parse(res.body as string, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toEqual([
      { Student: "Sam Chooser", "Student number": chooser.student_number, Grade: "10", Homeroom: "HR-12", "Focus Blocks missed": "9" },
      { Student: "Sam Waiter", "Student number": waiter.student_number, Grade: "10", Homeroom: "HR-12", "Focus Blocks missed": "8" },
    ]);
    for (const list of ["participation", "never_chose", "elsewhere", "waitlisted_never_placed", "not_seen", "teacher_load", "unmet"]) {
      const one = await get({ from: FROM, to: TO, format: "csv", list });
      expect([list, one.status]).toEqual([list, 200]);
      expect((parse(one.body as string, { bom: true, columns: true }) as unknown[]).length).toBeGreaterThan(0);
    }
    const load = parse((await get({ from: FROM, to: TO, format: "csv", list: "teacher_load" })).body as string, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(load[0]!)).toEqual(["Teacher", "Focus Blocks", "Planned", "Capacity per block", "Full blocks", "Empty blocks", "Requests", "Longest waitlist", "Waitlist entries"]);
  });
});

describe("GET /api/dashboard for a teacher", () => {
  it("shows a teacher their own students and blocks", async () => {
    const res = await get({ from: FROM, to: TO }, tokens.ruiz);
    expect(res.status).toBe(200);
    expect(res.body.scope.staff_id).toBe(ruiz.staff.id);
    // Ruiz's students in the range: the placed and the chooser (planned with her, the placed one checked in by her too).
    expect(res.body.participation[0]).toEqual({ date: DAYS[0], chose: 1, placed: 1, appointment: 0, checked_in: 1, absent: 1 });
    expect(ids(res.body.follow_up.missed)).toEqual([chooser.id]);
    expect(res.body.teacher_load.map((t: { staff_id: number }) => t.staff_id)).toEqual([ruiz.staff.id]);
    expect(res.body.not_seen).toEqual([]);
    expect(res.body.unmet.map((u: { kind: string }) => u.kind)).toEqual(["standing"]);
    const own = await get({ from: FROM, to: TO, staff_id: String(ruiz.staff.id) }, tokens.ruiz);
    expect(own.body).toEqual(res.body);
    const chenView = await get({ from: FROM, to: TO }, tokens.chen);
    expect(chenView.body.not_seen.map((t: { staff_id: number }) => t.staff_id)).toEqual([chen.staff.id]);
    // The outsider is no student of Chen's by homeroom, plan or check-in, but waited on her list.
    expect(ids(chenView.body.follow_up.waitlisted_never_placed)).toEqual([outsiderId, waiter.id].sort((a, b) => a - b));
    expect(res.body.follow_up.waitlisted_never_placed).toEqual([]);
  });

  it("lets an administrator open a teacher's scope", async () => {
    const res = await get({ from: FROM, to: TO, staff_id: String(ruiz.staff.id) }, tokens.sysadmin);
    expect(res.status).toBe(200);
    expect(res.body.teacher_load.map((t: { staff_id: number }) => t.staff_id)).toEqual([ruiz.staff.id]);
    expect(res.body.follow_up.missed[0].student_number).toBe(chooser.student_number);
  });

  it("hides student numbers from teachers while the privacy setting is off, in JSON and CSV", async () => {
    const res = await get({ from: FROM, to: TO }, tokens.ruiz);
    expect(res.body.follow_up.missed[0].student_number).toBeNull();
    const csv = parse((await get({ from: FROM, to: TO, format: "csv", list: "missed" }, tokens.ruiz)).body as string, { bom: true, columns: true }) as Record<string, string>[];
    expect(csv[0]!["Student number"]).toBe("");
    expect(res.body.follow_up.never_chose[0].student_number).toBeNull();
    const chenView = await get({ from: FROM, to: TO }, tokens.chen);
    expect(chenView.body.not_seen[0].students[0].student_number).toBeNull();
    expect(chenView.body.follow_up.waitlisted_never_placed[0].student_number).toBeNull();
    expect((await get({ from: FROM, to: TO })).body.not_seen[0].students[0].student_number).toBe(placed.student_number);
    await setSetting(state.db, "show-student-numbers", "true");
    try {
      const shown = await get({ from: FROM, to: TO }, tokens.ruiz);
      expect(shown.body.follow_up.missed[0].student_number).toBe(chooser.student_number);
    } finally {
      await setSetting(state.db, "show-student-numbers", "false");
    }
  });

  it("refuses another teacher's scope, students and the signed out", async () => {
    const other = await get({ from: FROM, to: TO, staff_id: String(chen.staff.id) }, tokens.ruiz);
    expect(other.status).toBe(403);
    expect((await get({ from: FROM, to: TO }, tokens.student)).status).toBe(403);
    expect((await call(dashboardRoute, { query: { from: FROM, to: TO } })).status).toBe(401);
  });
});

describe("GET /api/dashboard bad input", () => {
  const bad = async (query: Record<string, string>, field: string) => {
    const res = await get(query);
    expect([JSON.stringify(query), res.status]).toEqual([JSON.stringify(query), 422]);
    expect(Object.keys(res.body.errors)).toContain(field);
  };

  it("answers 422 with the field for each bad filter", async () => {
    await bad({ from: TO, to: FROM }, "to");
    await bad({ from: addDays(TO, -MAX_DASHBOARD_DAYS), to: TO }, "to");
    await bad({ from: "2001-01-01", to: "2001-02-01" }, "to");
    await bad({ from: addDays(testToday(), 400), to: addDays(testToday(), 420) }, "from");
    await bad({ from: FROM, to: TO, grade: "5" }, "grade");
    await bad({ from: FROM, to: TO, grade: "14" }, "grade");
    await bad({ from: FROM, to: TO, homeroom_id: "999999" }, "homeroom_id");
    await bad({ from: FROM, to: TO, cluster_id: "999999" }, "cluster_id");
    await bad({ from: FROM, to: TO, staff_id: "999999" }, "staff_id");
    await bad({ from: FROM, to: TO, list: "missed" }, "list");
    await bad({ from: FROM, to: TO, format: "csv", list: "everyone" }, "list");
    await bad({ from: "yesterday-ish", to: TO }, "from");
    await bad({ from: FROM, to: TO, missed_min: "0" }, "missed_min");
    await bad({ from: FROM, to: TO, elsewhere_min: "2.5" }, "elsewhere_min");
  });

  it("accepts a range of exactly the longest", async () => {
    const res = await get({ from: addDays(TO, -(MAX_DASHBOARD_DAYS - 1)), to: TO });
    expect(res.status).toBe(200);
  });
});

describe("GET /api/dashboard after the past is edited", () => {
  /** Day 0's participation and the follow-up counts (elsewhere from once). */
  const now = async () => {
    const res = await get({ from: FROM, to: TO, elsewhere_min: "1" });
    const counts = (list: { student_id: number; count: number }[]) => Object.fromEntries(list.map((s) => [s.student_id, s.count]));
    return { day: res.body.participation[0], missed: counts(res.body.follow_up.missed), elsewhere: counts(res.body.follow_up.elsewhere) };
  };

  it("shows a check-in made, moved and removed afterwards, and an appointment booked for a past day, at once", async () => {
    const before = await now();
    expect(before.day).toEqual({ date: DAYS[0], chose: 3, placed: 1, appointment: 0, checked_in: 3, absent: 2 });
    expect(before.missed[chooser.id]).toBe(9);

    // The chooser (planned with Ruiz) checked in by Reyes on day 0 after all: present there, and elsewhere.
    const late = await createCheckIn(state.db, { student_id: chooser.id, block_id: focus.id, date: DAYS[0]!, staff_id: reyes.staff.id, method: "retroactive" });
    let after = await now();
    expect(after.day).toMatchObject({ checked_in: 4, absent: 1 });
    expect(after.missed[chooser.id]).toBe(8);
    expect(after.elsewhere[chooser.id]).toBe(1);
    // Moved to Ruiz, the teacher the chooser planned with: no longer elsewhere.
    await state.db.update(checkIns).set({ staff_id: ruiz.staff.id }).where(eq(checkIns.id, late.id));
    // A past appointment for the waiter, who had nothing on day 0.
    const booked = await createAppointment(state.db, { student_id: waiter.id, staff_id: chen.staff.id, block_id: focus.id, date: DAYS[0]! });
    after = await now();
    expect(after.day).toEqual({ date: DAYS[0], chose: 3, placed: 1, appointment: 1, checked_in: 4, absent: 1 });
    expect(after.elsewhere[chooser.id]).toBeUndefined();

    await state.db.delete(checkIns).where(eq(checkIns.id, late.id));
    await state.db.delete(appointments).where(eq(appointments.id, booked.id));
    expect(await now()).toEqual(before);
  });
});
