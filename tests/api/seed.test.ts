/** @jest-environment node */
import { and, count, eq, sql } from "drizzle-orm";
import { GET as dashboardRoute } from "@/app/api/dashboard/route";
import { POST as login } from "@/app/api/login/route";
import type { Db } from "@/db/client";
import {
  amendments,
  appointments,
  blocks,
  blockOccurrences,
  checkIns,
  placementRuns,
  plans,
  settings,
  staff,
  students,
  sysadmins,
  topics,
  topicSchedules,
  uploads,
  users,
} from "@/db/schema";
import { seedDemoSchoolIfEmpty } from "@/lib/demo/demo.server";
import { seedSchool } from "@/lib/demo/school.server";
import { addDays, dayOfWeek, schoolInstant, weekStart } from "@/lib/core/time";
import { createTestDb, useTestDb } from "../helpers/db";
import { tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

// Thursday 12 March 2026, noon in Vancouver: this week's Tuesday to Thursday Focus Blocks are over.
const NOW = new Date("2026-03-12T19:00:00Z");
const ZONE = "America/Vancouver";
const TODAY = "2026-03-12";

const state = useTestDb();
let seeded: boolean;

beforeAll(async () => {
  seeded = await seedDemoSchoolIfEmpty(state.db, NOW);
}, 60_000);

async function studentId(db: Db, number: string) {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.student_number, number));
  return row!.id;
}

async function staffId(db: Db, email: string) {
  const [row] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
  return row!.id;
}

async function focusBlockId(db: Db) {
  const [row] = await db.select({ id: blocks.id }).from(blocks).where(eq(blocks.flex, true));
  return row!.id;
}

describe("seedDemoSchoolIfEmpty", () => {
  it("seeds an empty database and reports it", () => {
    expect(seeded).toBe(true);
  });

  it("creates the README's accounts with the demo password, only new@ expired", async () => {
    const rows = await state.db
      .select({ username: users.username, type: users.account_type, expired: users.password_expired })
      .from(users)
      .where(
        sql`${users.username} in ('sysadmin@demo.school', 'admin@demo.school', 'teacher@demo.school', 'new@demo.school', '100001')`,
      );
    expect(rows.sort((a, b) => a.username.localeCompare(b.username))).toEqual([
      { username: "100001", type: "student", expired: false },
      { username: "admin@demo.school", type: "staff", expired: false },
      { username: "new@demo.school", type: "staff", expired: true },
      { username: "sysadmin@demo.school", type: "sysadmin", expired: false },
      { username: "teacher@demo.school", type: "staff", expired: false },
    ]);
    const [sysadmin] = await state.db.select().from(sysadmins);
    expect(sysadmin).toMatchObject({ name: "System Administrator", initials: "SA", color: "black" });
    const roles = await state.db
      .select({ email: staff.email, administrator: staff.administrator })
      .from(staff)
      .where(sql`${staff.email} in ('admin@demo.school', 'teacher@demo.school', 'new@demo.school')`);
    expect(Object.fromEntries(roles.map((r) => [r.email, r.administrator]))).toEqual({
      "admin@demo.school": true,
      "teacher@demo.school": false,
      "new@demo.school": false,
    });
  });

  it("lets teacher@ and student 100001 sign in with demo-password", async () => {
    for (const username of ["teacher@demo.school", "100001"]) {
      const res = await call(login, { body: { username, password: "demo-password" } });
      expect(res.status).toBe(200);
    }
  });

  it("surrounds them with 20 more teachers (3 administrators) and 120 more students in grades 8–12", async () => {
    const [people] = await state.db
      .select({
        staff: sql<number>`(select count(*) from staff)::int`,
        admins: sql<number>`(select count(*) from staff where administrator)::int`,
        students: sql<number>`(select count(*) from students)::int`,
        grades: sql<number[]>`(select array_agg(distinct grade order by grade) from students)`,
        clusters: sql<number>`(select count(*) from clusters)::int`,
        courses: sql<number>`(select count(*) from courses)::int`,
      })
      .from(sql`(select 1) as one`);
    expect(people).toEqual({
      staff: 23,
      admins: 4,
      students: 121,
      grades: [8, 9, 10, 11, 12],
      clusters: 5,
      courses: 24,
    });
    const generated = await state.db.select({ email: staff.email }).from(staff);
    for (const { email } of generated) expect(email).toMatch(/^[a-z.]+\d*@demo\.school$/);
  });

  it("numbers students with unique six-digit numbers from 100001, used as their usernames", async () => {
    const rows = await state.db
      .select({ number: students.student_number, username: users.username })
      .from(students)
      .innerJoin(users, eq(users.id, students.user_id));
    const numbers = rows.map((r) => r.number).sort();
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const row of rows) {
      expect(row.number).toMatch(/^\d{6}$/);
      expect(row.username).toBe(row.number);
    }
    expect(numbers[0]).toBe("100001");
    expect(numbers.at(-1)).toBe("100121");
  });

  it("sets the school's name, year, zone and a PNG logo the logo setting points at", async () => {
    const rows = await state.db.select({ key: settings.key, value: settings.value }).from(settings);
    const values = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    const [logo] = await state.db.select().from(uploads).where(eq(uploads.kind, "logo"));
    expect(values).toMatchObject({
      school_name: "Demo Secondary School",
      timezone: ZONE,
      start_datetime: "2025-09-01",
      end_datetime: "2026-06-30",
      // The file name the original client reads (the spec's contract); our URL is presented beside it.
      school_logo: `logo-${logo!.id}.png`,
    });
    expect(logo!.content_type).toBe("image/png");
    expect(logo!.data.subarray(1, 4).toString("latin1")).toBe("PNG");
  });

  it("gives student 100001 plans, some with teacher@, and an appointment with teacher@ next week", async () => {
    const student = await studentId(state.db, "100001");
    const teacher = await staffId(state.db, "teacher@demo.school");
    const mine = await state.db.select().from(plans).where(eq(plans.student_id, student));
    expect(mine.length).toBeGreaterThanOrEqual(16);
    expect(mine.filter((p) => p.staff_id === teacher).length).toBeGreaterThanOrEqual(4);
    const booked = await state.db.select().from(appointments).where(eq(appointments.student_id, student));
    const nextWeek = addDays(weekStart(TODAY), 7);
    const upcoming = booked.filter((a) => a.date >= nextWeek && a.date < addDays(nextWeek, 7));
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]).toMatchObject({ staff_id: teacher });
    expect(upcoming[0]!.memo.length).toBeGreaterThan(0);
  });

  it("gives student 100001 an amendment last week and check-ins in past Focus Blocks, none on the excused day", async () => {
    const student = await studentId(state.db, "100001");
    const excused = await state.db.select().from(amendments).where(eq(amendments.student_id, student));
    const lastWeek = addDays(weekStart(TODAY), -7);
    expect(excused).toHaveLength(1);
    expect(excused[0]!.date >= lastWeek && excused[0]!.date < weekStart(TODAY)).toBe(true);
    const mine = await state.db.select().from(checkIns).where(eq(checkIns.student_id, student));
    expect(mine.length).toBeGreaterThanOrEqual(8);
    expect(mine.map((c) => c.date)).not.toContain(excused[0]!.date);
  });

  it("records check-ins only for Focus Blocks that have ended, inside the block, with the planned teacher's topic", async () => {
    const focus = await focusBlockId(state.db);
    const times = new Map(
      (await state.db.select().from(blockOccurrences).where(eq(blockOccurrences.block_id, focus))).map(
        (m) => [m.date, m],
      ),
    );
    const rows = await state.db
      .select({
        date: checkIns.date,
        at: checkIns.checked_in_at,
        staff: checkIns.staff_id,
        topicOwner: topics.staff_id,
        scheduled: topicSchedules.topic_id,
        topic: checkIns.topic_id,
        byUser: checkIns.checked_in_by,
        staffUser: staff.user_id,
      })
      .from(checkIns)
      .innerJoin(topics, eq(topics.id, checkIns.topic_id))
      .innerJoin(staff, eq(staff.id, checkIns.staff_id))
      .leftJoin(
        topicSchedules,
        and(eq(topicSchedules.staff_id, checkIns.staff_id), eq(topicSchedules.date, checkIns.date)),
      );
    expect(rows.length).toBeGreaterThan(500);
    for (const row of rows) {
      const meeting = times.get(row.date)!;
      const end = schoolInstant(row.date, meeting.end, ZONE);
      expect(end.getTime()).toBeLessThan(NOW.getTime());
      expect(row.at.getTime()).toBeGreaterThanOrEqual(schoolInstant(row.date, meeting.start, ZONE).getTime());
      expect(row.at.getTime()).toBeLessThanOrEqual(end.getTime());
      expect(row.topicOwner).toBe(row.staff);
      expect(row.scheduled).toBe(row.topic);
      expect(row.byUser).toBe(row.staffUser);
    }
  });

  it("plans only on weekdays and never past a teacher's capacity or into an unavailable topic", async () => {
    const load = await state.db
      .select({ staff: plans.staff_id, date: plans.date, n: count(), capacity: staff.capacity })
      .from(plans)
      .innerJoin(staff, eq(staff.id, plans.staff_id))
      .groupBy(plans.staff_id, plans.date, staff.capacity);
    for (const row of load) {
      expect(row.n).toBeLessThanOrEqual(row.capacity);
      expect([1, 2, 3, 4, 5]).toContain(dayOfWeek(row.date));
    }
    const [intoUnavailable] = await state.db
      .select({ n: count() })
      .from(plans)
      .innerJoin(
        topicSchedules,
        and(eq(topicSchedules.staff_id, plans.staff_id), eq(topicSchedules.date, plans.date)),
      )
      .innerJoin(topics, eq(topics.id, topicSchedules.topic_id))
      .where(eq(topics.unavailable, true));
    expect(intoUnavailable!.n).toBe(0);
    const [unavailable] = await state.db
      .select({ n: count() })
      .from(topics)
      .where(eq(topics.unavailable, true));
    expect(unavailable!.n).toBeGreaterThan(0);
  });

  it("has a few students who never choose: their past Focus Blocks placed with their homeroom teacher, the coming ones still to choose", async () => {
    const rows = await state.db
      .select({
        student: plans.student_id,
        date: plans.date,
        source: plans.source,
        run: placementRuns.date,
        staff: plans.staff_id,
        homeroom: students.default_teacher_id,
      })
      .from(plans)
      .innerJoin(students, eq(students.id, plans.student_id))
      .leftJoin(placementRuns, eq(placementRuns.id, plans.placement_run_id));
    const placedStudents = new Set(rows.filter((r) => r.source === "placed").map((r) => r.student));
    expect(placedStudents.size).toBeGreaterThanOrEqual(3);
    expect(placedStudents).not.toContain(await studentId(state.db, "100001"));
    const theirs = rows.filter((r) => placedStudents.has(r.student));
    expect(theirs.length).toBeGreaterThan(placedStudents.size * 5);
    for (const plan of theirs) {
      expect(plan).toMatchObject({ source: "placed", run: plan.date, staff: plan.homeroom });
      expect(plan.date < TODAY).toBe(true);
    }
    const [counted] = await state.db
      .select({ n: sql<number>`sum(${placementRuns.placed})::integer` })
      .from(placementRuns);
    expect(counted!.n).toBe(theirs.length);
  });

  it("counts the seeded past Focus Blocks without a check-in as absent on the dashboard, and nobody before the seeded weeks", async () => {
    const [admin] = await state.db.select({ id: users.id }).from(users).where(eq(users.username, "admin@demo.school"));
    const token = await tokenFor(state.db, { user: admin! });
    const [{ n: enrolled }] = await state.db.select({ n: count() }).from(students);
    // The seeded weeks: the Sunday two weeks before this week on; their Focus Blocks up to yesterday are over.
    const firstSeeded = addDays(weekStart(TODAY), -14);
    const seeded = await call(dashboardRoute, { token, query: { from: firstSeeded, to: addDays(TODAY, -1) } });
    expect(seeded.status).toBe(200);
    const days: { date: string; checked_in: number; absent: number }[] = seeded.body.participation;
    expect(days.length).toBeGreaterThanOrEqual(8);
    for (const day of days) {
      expect(day.absent).toBeGreaterThan(0);
      expect(day.checked_in).toBeGreaterThan(day.absent);
      expect(day.checked_in + day.absent).toBeLessThanOrEqual(enrolled);
    }
    // The school year starts before the seeded weeks: its earlier Focus Blocks are nobody's to miss.
    const before = await call(dashboardRoute, { token, query: { from: "2025-09-02", to: addDays(firstSeeded, -1) } });
    expect(before.status).toBe(200);
    expect(before.body.participation.length).toBeGreaterThan(50);
    expect(before.body.participation.filter((d: { absent: number }) => d.absent > 0)).toEqual([]);
  });

  it("does nothing the second time", async () => {
    const tables = [users, staff, students, plans, checkIns, appointments, uploads, settings] as const;
    const counts = async () =>
      Promise.all(tables.map(async (table) => (await state.db.select({ n: count() }).from(table))[0]!.n));
    const before = await counts();
    expect(await seedDemoSchoolIfEmpty(state.db, NOW)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});

describe("seedSchool", () => {
  const planList = (db: Db) =>
    db
      .select({ number: students.student_number, email: staff.email, date: plans.date })
      .from(plans)
      .innerJoin(students, eq(students.id, plans.student_id))
      .innerJoin(staff, eq(staff.id, plans.staff_id))
      .orderBy(plans.date, students.student_number);

  it("builds the same school again from the same seed and clock", async () => {
    const handle = await createTestDb();
    try {
      expect(await seedDemoSchoolIfEmpty(handle.db, NOW)).toBe(true);
      const again = await planList(handle.db);
      expect(again.length).toBeGreaterThan(2000);
      expect(again).toEqual(await planList(state.db));
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("stretches the school year to cover the weeks asked for when none is given", async () => {
    const handle = await createTestDb();
    try {
      const school = await seedSchool(handle.db, {
        now: NOW,
        timezone: ZONE,
        students: 30,
        extraTeachers: 4,
        weeksBack: 40,
        weeksAhead: 0,
        passwordHash: "not-a-real-hash",
      });
      expect(school.yearStart).toBe(addDays(weekStart(TODAY), -7 * 40 + 1));
      expect(school.yearEnd).toBe("2026-06-30");
      expect(school.focusDates).toBe(40 * 5 + 5); // every weekday
      expect(school.people.staff).toHaveLength(7);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
