/** @jest-environment node */
import { eq, sql } from "drizzle-orm";
import { GET as checklistRoute } from "@/app/api/setup/route";
import { updateSettingValue } from "@/db/queries/settings";
import { calendarEvents, courses, enrollments, sections, terms, timetableMeetings, wikiPosts } from "@/db/schema";
import type { SetupChecklist } from "@/lib/setup/checklist.server";
import { SETUP_KEYS } from "@/lib/wiki/help/setup-steps";
import { shipProductHelp } from "@/lib/wiki/help/ship.server";
import { addDays, dayOfWeek } from "@/lib/core/time";
import { createStudents } from "../helpers/bulk-factories";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createCourse, setSchoolYear } from "../helpers/schedule-factories";
import { statementsOf } from "../helpers/statements";
import {
  createBlock,
  createFocusBlock,
  regenerateTestCalendar,
  testToday,
} from "../helpers/timetable-factories";

/**
 * GET /api/setup (going live without SQL): for administrators and sysadmins, each step of going live — done,
 * or what is missing in plain words — with its screen and help post, and a preview of the first school
 * week with a Focus Block. Counted in a fixed number of statements.
 */

const state = useTestDb();
const tokens = {} as Record<"admin" | "teacher" | "sysadmin" | "student", string>;

beforeAll(async () => {
  await shipProductHelp(state.db, new Date());
  // A principal, and an office manager: neither takes Focus Block students.
  const admin = await createAdmin(state.db, {
    first_name: "Alma",
    last_name: "Admin",
    takes_students: false,
  });
  tokens.admin = await tokenFor(state.db, admin);
  tokens.sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
  tokens.teacher = await tokenFor(state.db, await createStaff(state.db, { takes_students: false }));
  tokens.student = await tokenFor(state.db, await createStudent(state.db, { archived_at: new Date() }));
});

const checklist = (token?: string) => call<SetupChecklist>(checklistRoute, { token });
const itemOf = (body: SetupChecklist, key: string) => body.items.find((item) => item.key === key)!;
/** Every student gets a homeroom teacher (the step stays done for the tests of other steps). */
const everyoneHasAHomeroom = () =>
  state.db.execute(sql`update students set default_teacher_id = (select min(id) from staff) where default_teacher_id is null`);

describe("GET /api/setup on a school that has only its administrator", () => {
  it("lists every step in order, says what is missing, and links each to its screen and help", async () => {
    const res = await checklist(tokens.admin);
    expect(res.status).toBe(200);
    expect(res.body.items.map((item) => item.key)).toEqual(SETUP_KEYS);
    expect(Object.fromEntries(res.body.items.map((item) => [item.key, item.done]))).toEqual({
      school_identity: false,
      year_and_terms: false,
      bell_schedule: false,
      focus_block: false,
      days_without_school: false,
      staff: false,
      students: false,
      homerooms: false,
      courses_and_enrolments: false,
      sign_in: true,
      email: false,
    });
    expect(Object.fromEntries(res.body.items.map((item) => [item.key, item.href]))).toMatchObject({
      school_identity: "/settings",
      year_and_terms: "/calendar/year",
      bell_schedule: "/calendar/timetable",
      focus_block: "/calendar/timetable",
      days_without_school: "/calendar",
      staff: "/staff",
      students: "/students",
      homerooms: "/imports",
      courses_and_enrolments: "/courses",
    });
    expect(itemOf(res.body, "school_identity").detail).toBe(
      'The school is still called "My School": give it its name, and check the time zone (America/Vancouver).',
    );
    expect(itemOf(res.body, "year_and_terms").title).toBe("School year and terms");
    expect(itemOf(res.body, "bell_schedule").detail).toBe(
      "No bell schedule yet: add the blocks, the day types they meet on and their times.",
    );
    expect(itemOf(res.body, "focus_block").detail).toBe(
      'No flex block called "Focus Block" yet: add it to the bell schedule, on the days it meets.',
    );
    expect(itemOf(res.body, "days_without_school").detail).toMatch(
      /^No holidays or other days without school yet/,
    );
    expect(itemOf(res.body, "staff").detail).toBe(
      "None of the 2 staff members takes Focus Block students: turn it on for your teachers.",
    );
    // The only student left: archived students do not count.
    expect(itemOf(res.body, "students").detail).toMatch(/^No students yet/);
    expect(itemOf(res.body, "courses_and_enrolments").detail).toMatch(/^No courses yet/);
    expect(itemOf(res.body, "homerooms")).toMatchObject({ title: "Homerooms", detail: "No students yet: their homeroom teachers come with them." });
    expect(itemOf(res.body, "sign_in").detail).toMatch(/^Password sign-in: staff sign in with their email/);
    // Each step's help post, shipped with the product help.
    const posts = await state.db.select({ id: wikiPosts.id, key: wikiPosts.product_key }).from(wikiPosts);
    const idOf = new Map(posts.map((post) => [post.key, post.id]));
    expect(itemOf(res.body, "staff").help).toBe(`/wiki/post/${idOf.get("setup-staff")}`);
    expect(itemOf(res.body, "sign_in").href).toBe(`/wiki/post/${idOf.get("setup-sign-in")}`);
    expect(res.body.items.every((item) => item.help?.startsWith("/wiki/post/"))).toBe(true);
    expect(res.body.preview).toBeNull();
  });

  it("is for administrators and sysadmins: 403 for teachers and students, 401 signed out", async () => {
    expect((await checklist(tokens.sysadmin)).status).toBe(200);
    expect((await checklist(tokens.teacher)).status).toBe(403);
    expect((await checklist(tokens.student)).status).toBe(403);
    expect((await checklist()).status).toBe(401);
  });
});

describe("GET /api/setup once the school is set up", () => {
  let firstFocus: string;

  beforeAll(async () => {
    const db = state.db;
    await updateSettingValue(db, "school_name", "Riverside Secondary");
    await setSchoolYear(db, 30, 90);
    await db.insert(terms).values([
      { name: "Semester 1", start: addDays(testToday(), -30), end: addDays(testToday(), 30) },
      { name: "Semester 2", start: addDays(testToday(), 31), end: addDays(testToday(), 90) },
    ]);
    // Focus Block Tuesday to Friday, Block 1 every weekday.
    await createFocusBlock(db, { start: "10:00", end: "10:40" });
    const block = await createBlock(db, {
      label: "Block 1",
      meetings: [1, 2, 3, 4, 5].map((day) => ({ day, start: "08:30", end: "09:50" })),
    });
    // Next week's Tuesday and Wednesday: no school. A break imported from a district calendar also
    // covers the weekend around them, and a day after the school year: neither was a school day.
    const nextTuesday = addDays(testToday(), 7 - dayOfWeek(testToday()) + 2);
    await db.insert(calendarEvents).values([
      { date: nextTuesday, name: "Pro-D Day", no_blocks: true },
      { date: addDays(nextTuesday, 1), name: "Holiday", no_blocks: true },
      { date: addDays(nextTuesday, 2), name: "Picture day", no_blocks: false },
      { date: addDays(nextTuesday, -2), name: "Break", no_blocks: true },
      { date: addDays(nextTuesday, 4), name: "Break", no_blocks: true },
      { date: addDays(nextTuesday, 5), name: "Break", no_blocks: true },
      { date: addDays(testToday(), 200), name: "Summer", no_blocks: true },
    ]);
    await regenerateTestCalendar(db);
    const teacher = await createStaff(db);
    const course = await createCourse(db, { block_id: block.id, staff_id: teacher.staff.id });
    await createCourse(db, { block_id: block.id, staff_id: teacher.staff.id });
    const kids = await createStudents(db, 3);
    await db.insert(enrollments).values(kids.map((kid) => ({ student_id: kid.id, course_id: course.id })));
    // Their homeroom teacher (default placement's), as a roster import or a student CSV gives it.
    await db.execute(sql`update students set default_teacher_id = ${teacher.staff.id} where archived_at is null`);
    // The first Focus Block from today: today if it is Tuesday to Friday, else the next Tuesday…
    firstFocus = testToday();
    while (
      ![2, 3, 4, 5].includes(dayOfWeek(firstFocus)) ||
      [nextTuesday, addDays(nextTuesday, 1)].includes(firstFocus)
    ) {
      firstFocus = addDays(firstFocus, 1);
    }
  });

  it("marks every step done and says what is there", async () => {
    const res = await checklist(tokens.admin);
    expect(res.status).toBe(200);
    expect(res.body.items.filter((item) => !item.done && !item.optional).map((item) => item.key)).toEqual([]);
    // Email is optional, and not set up on this server (no SMTP_URL): it says so, and does not hold the school back.
    expect(itemOf(res.body, "email")).toMatchObject({ done: false, optional: true, mail_configured: false });
    expect(itemOf(res.body, "email").detail).toMatch(/^Optional\. Email is not set up/);
    expect(itemOf(res.body, "school_identity").detail).toBe(
      "Riverside Secondary, in the America/Vancouver time zone.",
    );
    expect(itemOf(res.body, "year_and_terms").detail).toMatch(
      /^\w{3} \d+, \d{4} to \w{3} \d+, \d{4}: \d+ school days, 2 terms\.$/,
    );
    expect(itemOf(res.body, "bell_schedule").detail).toBe("A weekly timetable, 2 blocks.");
    expect(itemOf(res.body, "focus_block").detail).toMatch(
      /^The Focus Block meets on \d+ school days, first on /,
    );
    expect(itemOf(res.body, "days_without_school").detail).toBe(
      "2 days without school (holidays, professional days).",
    );
    expect(itemOf(res.body, "staff").detail).toBe("3 staff members, 1 of them taking Focus Block students.");
    expect(itemOf(res.body, "students").detail).toBe("3 students.");
    expect(itemOf(res.body, "homerooms").detail).toBe("Every student has a homeroom teacher (default placement uses it).");
    expect(itemOf(res.body, "courses_and_enrolments").detail).toBe(
      "2 courses, 1 with students (3 enrolments).",
    );
  });

  it("names the homeroom step while a student has no homeroom teacher (default placement depends on it)", async () => {
    await createStudents(state.db, 1);
    const item = itemOf((await checklist(tokens.admin)).body, "homerooms");
    expect(item).toMatchObject({ done: false, href: "/imports" });
    expect(item.detail).toBe(
      "3 of 4 students have a homeroom teacher: default placement cannot place the others. Import the roster with its homeroom classes, or a student CSV with a Homeroom column (a homeroom code, or the teacher's email or name).",
    );
    await everyoneHasAHomeroom();
  });

  it("previews the first school week with a Focus Block: each day's blocks in order", async () => {
    const { body } = await checklist(tokens.admin);
    expect(body.preview).not.toBeNull();
    const preview = body.preview!;
    expect(preview.first_day).toBe(firstFocus);
    expect(preview.teachers_taking_students).toBe(1);
    const first = preview.days[0]!;
    expect(first).toMatchObject({ date: firstFocus, day_type: expect.any(String), bell_schedule: null });
    expect(first.blocks.map((b) => [b.label, b.flex, b.start, b.end])).toEqual([
      ["Block 1", false, "08:30", "09:50"],
      ["Focus Block", true, "10:00", "10:40"],
    ]);
    // Only school days, within a week of the first, none of them the days without school.
    for (const day of preview.days) {
      expect(day.date >= firstFocus && day.date < addDays(firstFocus, 7)).toBe(true);
      expect([0, 6]).not.toContain(dayOfWeek(day.date));
    }
  });

  it("counts in the same number of statements with 3 or 40 more students and courses", async () => {
    const few = await statementsOf(tokens.admin, () => checklist(tokens.admin));
    await createStudents(state.db, 40);
    await everyoneHasAHomeroom();
    const many = await statementsOf(tokens.admin, () => checklist(tokens.admin));
    expect(few.result.status).toBe(200);
    expect(many.statements).toBe(few.statements);
    // Authentication, the counts and the preview.
    expect(many.statements).toBeLessThanOrEqual(4);
  });

  it("shows each term once when an import left copies of them, and says so", async () => {
    const copies = await state.db
      .insert(terms)
      .values([
        { name: "Semester 1", start: addDays(testToday(), -30), end: addDays(testToday(), 30) },
        { name: "semester 2", start: addDays(testToday(), 31), end: addDays(testToday(), 90) },
      ])
      .returning({ id: terms.id });
    const { body } = await checklist(tokens.admin);
    expect(itemOf(body, "year_and_terms")).toMatchObject({ done: true, href: "/calendar/year" });
    expect(itemOf(body, "year_and_terms").detail).toMatch(
      /: \d+ school days, 2 terms\. Semester 1 and semester 2 are each there more than once, with the same dates: keep one of each on the School year page\.$/,
    );
    for (const copy of copies) await state.db.delete(terms).where(eq(terms.id, copy.id));
  });

  it("counts classes without a meeting time as missing and says what to do", async () => {
    const teacher = await createStaff(state.db);
    const [course] = await state.db.insert(courses).values({ name: "Chemistry 11", short_name: "CHEM11", owner_id: teacher.staff.id }).returning();
    // From the SIS (a sourcedId) and by hand: neither meets in any block.
    const made = await state.db
      .insert(sections)
      .values([
        { course_id: course!.id, code: "CHEM11-A", sourced_id: "class-chem-a" },
        { course_id: course!.id, code: "CHEM11-B" },
      ])
      .returning({ id: sections.id });
    const [kid] = await createStudents(state.db, 1);
    await everyoneHasAHomeroom();
    await state.db.insert(enrollments).values({ student_id: kid!.id, course_id: course!.id, section_id: made[0]!.id });
    const { body } = await checklist(tokens.admin);
    const step = itemOf(body, "courses_and_enrolments");
    expect(step).toMatchObject({ done: false, href: "/imports" });
    expect(step.detail).toBe(
      "3 courses, 2 with students (4 enrolments). But 2 of the 4 classes have no meeting time yet, so they are on nobody's calendar: " +
        "import the roster again on the Imports page (or let the nightly sync run): each class's periods are matched to the bell schedule's blocks by label " +
        '("Block 3", "Period 3" or "3"), and its dry run asks about any period that matches none. Give the other class its blocks on its course page.',
    );
    // The roster imported before any bell schedule: save it first, then import again.
    const kept = await state.db.select().from(timetableMeetings);
    await state.db.delete(timetableMeetings).where(sql`true`);
    const before = itemOf((await checklist(tokens.admin)).body, "courses_and_enrolments");
    expect(before.detail).toMatch(
      /But 2 of the 4 classes have no meeting time yet, so they are on nobody's calendar: the roster came before the bell schedule\. Save the bell schedule first/,
    );
    await state.db.insert(timetableMeetings).values(kept);
    await state.db.delete(sections).where(sql`${sections.id} in (${made[0]!.id}, ${made[1]!.id})`);
    await state.db.delete(courses).where(eq(courses.id, course!.id));
  });

  it("says which step is left when one is undone again", async () => {
    await state.db.delete(calendarEvents).where(eq(calendarEvents.no_blocks, true));
    await state.db.delete(terms).where(sql`true`);
    const { body } = await checklist(tokens.sysadmin);
    expect(body.items.filter((item) => !item.done && !item.optional).map((item) => item.key)).toEqual([
      "year_and_terms",
      "days_without_school",
    ]);
    expect(itemOf(body, "year_and_terms").detail).toMatch(
      /school days, but no terms yet: add the year's terms/,
    );
  });
});
