/** @jest-environment node */
import { and, eq, sql } from "drizzle-orm";
import { GET as coursePageRoute, PUT as updateCourseRoute } from "@/app/api/courses/[short_name]/route";
import { POST as createSectionRoute } from "@/app/api/courses/[short_name]/sections/route";
import { GET as listCoursesRoute, POST as createCourseRoute } from "@/app/api/courses/route";
import { DELETE as dropRoute } from "@/app/api/sections/[id]/enrollments/[student_id]/route";
import { GET as listEnrollmentsRoute, POST as enrollRoute } from "@/app/api/sections/[id]/enrollments/route";
import { DELETE as archiveSectionRoute, GET as sectionRoute, PUT as updateSectionRoute } from "@/app/api/sections/[id]/route";
import { GET as staffScheduleOn } from "@/app/api/staff/[id]/schedule/[date]/route";
import { GET as studentScheduleOn } from "@/app/api/students/[id]/schedule/[date]/route";
import { auditLog, blocks, enrollments, staff, students, terms, timetableMeetings, timetables } from "@/db/schema";
import { regenerateSchoolDays } from "@/lib/calendar/regenerate.server";
import { studentNumbersIn } from "@/lib/sections/schemas";
import { addDays, dayOfWeek } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { setSchoolYear, setSetting } from "../helpers/schedule-factories";
import { statementsOf } from "../helpers/statements";
import { testToday, weekdayDate } from "../helpers/timetable-factories";

/**
 * Courses, sections and enrolments on a Day 1 / Day 2 school: the API's writes and
 * their refusals, the class lists, and a student's and a teacher's week showing the section that meets
 * in each block on the date's day type within its term and the enrolment's dates.
 */
const state = useTestDb();

let yearStart: string;
let yearEnd: string;
const id: Record<string, number> = {};
const tokens: Record<string, string> = {};
let teacher: Awaited<ReturnType<typeof createStaff>>;
let colleague: Awaited<ReturnType<typeof createStaff>>;
let malik: Awaited<ReturnType<typeof createStudent>>;
let nora: Awaited<ReturnType<typeof createStudent>>;
let omar: Awaited<ReturnType<typeof createStudent>>;
/** Each date's day type, worked out here independently of lib/calendar (weekdays alternate, no holidays). */
const dayType = new Map<string, string | null>();

beforeAll(async () => {
  const year = await setSchoolYear(state.db);
  yearStart = year.start;
  yearEnd = year.end;
  const made = await state.db
    .insert(blocks)
    .values([
      { label: "Block A", flex: false },
      { label: "Block B", flex: false },
      { label: "Focus Block", flex: true },
    ])
    .returning();
  for (const b of made) id[b.label] = b.id;
  const [version] = await state.db
    .insert(timetables)
    .values({ effective_from: yearStart, cycle_kind: "rotation", day_types: ["Day 1", "Day 2"] })
    .returning();
  const meet = (label: string, day_type: string, start: string, end: string) => ({
    timetable_id: version!.id,
    block_id: id[label]!,
    day_type,
    start,
    end,
  });
  await state.db.insert(timetableMeetings).values([
    meet("Block A", "Day 1", "08:30", "09:50"),
    meet("Block A", "Day 2", "08:30", "09:50"),
    meet("Focus Block", "Day 1", "10:00", "10:40"),
    meet("Focus Block", "Day 2", "10:00", "10:40"),
    meet("Block B", "Day 1", "11:00", "12:00"),
    meet("Block B", "Day 2", "11:00", "12:00"),
  ]);
  await state.db.transaction((tx) => regenerateSchoolDays(tx, new Date()));
  let k = 0;
  for (let date = yearStart; date <= yearEnd; date = addDays(date, 1)) {
    const weekday = dayOfWeek(date);
    dayType.set(date, weekday === 0 || weekday === 6 ? null : k++ % 2 === 0 ? "Day 1" : "Day 2");
  }
  const [past] = await state.db
    .insert(terms)
    .values([{ name: "Long ago", start: yearStart, end: addDays(yearStart, 7) }])
    .returning();
  id.pastTerm = past!.id;

  teacher = await createStaff(state.db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace" });
  colleague = await createStaff(state.db, { title: "Mr.", first_name: "Alan", last_name: "Turing" });
  malik = await createStudent(state.db, { first_name: "Malik", last_name: "Patel", student_number: "515151" });
  nora = await createStudent(state.db, { first_name: "Nora", last_name: "Quinn", student_number: "515152" });
  omar = await createStudent(state.db, { first_name: "Omar", last_name: "Reyes", student_number: "515153" });
  tokens.admin = await tokenFor(state.db, await createAdmin(state.db));
  tokens.sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
  tokens.teacher = await tokenFor(state.db, teacher);
  tokens.colleague = await tokenFor(state.db, colleague);
  tokens.student = await tokenFor(state.db, malik);
});

const createCourse = (body: unknown, token = tokens.admin) => call(createCourseRoute, { token, body });
const createSection = (shortName: string, body: unknown, token = tokens.admin) =>
  call(createSectionRoute, { token, body, params: { short_name: shortName } });
const enrol = (sectionId: number, body: unknown, token = tokens.admin) =>
  call(enrollRoute, { token, body, params: { id: String(sectionId) } });
const enrolmentRows = (sectionId: number) =>
  state.db.select().from(enrollments).where(eq(enrollments.section_id, sectionId));

const nextWeek = [1, 2, 3, 4, 5].map((day) => weekdayDate(day));
const lastWeek = [1, 2, 3, 4, 5].map((day) => weekdayDate(day, -1));

/** The `scheduled` course short name in each block label on `date`, from a week's answer. */
function scheduledOn(body: { schedule: { date: { iso: string }; blocks: { label: string; scheduled: { short_name?: string } | null }[] }[] }, date: string) {
  const day = body.schedule.find((d) => d.date.iso === date);
  return Object.fromEntries((day?.blocks ?? []).filter((b) => b.label !== "Focus Block").map((b) => [b.label, b.scheduled?.short_name ?? null]));
}

describe("courses", () => {
  it("lets an administrator add, list, rename and archive a course", async () => {
    const made = await createCourse({ name: "Chemistry 11", short_name: "CHEM11", teacher_id: teacher.staff.id });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: "Chemistry 11",
      short_name: "CHEM11",
      teacher: { id: teacher.staff.id, name: "Ms. Lovelace, Ada" },
      sections_count: 0,
      students_count: 0,
      archived: false,
      sourced_id: null,
    });
    const listed = await call(listCoursesRoute, { token: tokens.teacher, query: { q: "chem" } });
    expect(listed.status).toBe(200);
    expect(listed.body.courses.map((c: { short_name: string }) => c.short_name)).toEqual(["CHEM11"]);

    const renamed = await call(updateCourseRoute, {
      token: tokens.sysadmin,
      method: "PUT",
      params: { short_name: "CHEM11" },
      body: { name: "Chemistry 11 Honours", short_name: "CHEM11H" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Chemistry 11 Honours", short_name: "CHEM11H" });
    const archived = await call(updateCourseRoute, {
      token: tokens.admin,
      method: "PUT",
      params: { short_name: "CHEM11H" },
      body: { archived: true },
    });
    expect(archived.body.archived).toBe(true);
    const after = await call(listCoursesRoute, { token: tokens.admin, query: { q: "chem" } });
    expect(after.body.courses).toEqual([]);
    const withArchived = await call(listCoursesRoute, { token: tokens.admin, query: { q: "chem", archived: "true" } });
    expect(withArchived.body.courses).toHaveLength(1);
    expect(await state.db.select().from(auditLog).where(eq(auditLog.action, "course.update"))).toHaveLength(2);
  });

  it("refuses a taken or unusable short name, a missing name and a teacher who is not staff (422)", async () => {
    await createCourse({ name: "Physics 12", short_name: "PHYS12" });
    const taken = await createCourse({ name: "Physics again", short_name: "PHYS12" });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.short_name).toEqual(["Another course is already called PHYS12."]);
    const slash = await createCourse({ name: "X", short_name: "A/B" });
    expect(slash.status).toBe(422);
    expect(slash.body.errors.short_name).toBeDefined();
    const blank = await createCourse({ name: " ", short_name: "BLANK" });
    expect(blank.body.errors.name).toEqual(["Give the course a name."]);
    const notStaff = await createCourse({ name: "Y", short_name: "YY", teacher_id: 999_999 });
    expect(notStaff.status).toBe(422);
    expect(notStaff.body.errors.teacher_id).toBeDefined();
    await createCourse({ name: "Biology 12", short_name: "BIO12" });
    const renameTaken = await call(updateCourseRoute, {
      token: tokens.admin,
      method: "PUT",
      params: { short_name: "BIO12" },
      body: { short_name: "PHYS12" },
    });
    expect(renameTaken.status).toBe(422);
    const unknown = await call(updateCourseRoute, { token: tokens.admin, method: "PUT", params: { short_name: "NOPE" }, body: { name: "Z" } });
    expect(unknown.status).toBe(404);
    expect((await call(createCourseRoute, { token: tokens.admin, rawBody: "{" })).status).toBe(400);
  });

  it("answers 403 to teachers and students on writes, 401 signed out, and 403 to students on reads", async () => {
    for (const token of [tokens.teacher, tokens.student]) {
      expect((await createCourse({ name: "No", short_name: "NO" }, token)).status).toBe(403);
      expect(
        (await call(updateCourseRoute, { token, method: "PUT", params: { short_name: "PHYS12" }, body: { name: "No" } })).status,
      ).toBe(403);
    }
    expect((await call(listCoursesRoute, { token: tokens.student })).status).toBe(403);
    expect((await call(listCoursesRoute, {})).status).toBe(401);
    expect((await call(createCourseRoute, { body: { name: "No", short_name: "NO" } })).status).toBe(401);
    expect((await call(updateCourseRoute, { method: "PUT", params: { short_name: "PHYS12" }, body: { name: "No" } })).status).toBe(401);
  });
});

describe("sections", () => {
  let sectionId: number;

  it("adds a section with its teachers, term and meetings, shown on the course page and in My classes", async () => {
    await createCourse({ name: "Science 10", short_name: "SCI10" });
    const res = await createSection("SCI10", {
      code: "A",
      term_id: null,
      teacher_ids: [teacher.staff.id, colleague.staff.id],
      meetings: [
        { block_id: id["Block A"], day_type: "Day 1" },
        { block_id: id["Block B"], day_type: null },
      ],
    });
    expect(res.status).toBe(201);
    sectionId = res.body.id;
    expect(res.body).toMatchObject({
      code: "A",
      course: { short_name: "SCI10", name: "Science 10" },
      term: null,
      teachers: [
        { id: teacher.staff.id, name: "Ms. Lovelace, Ada" },
        { id: colleague.staff.id, name: "Mr. Turing, Alan" },
      ],
      meetings: [
        { block_id: id["Block A"], label: "Block A", day_type: "Day 1" },
        { block_id: id["Block B"], label: "Block B", day_type: null },
      ],
      students: [],
      archived: false,
      sourced_id: null,
    });
    const page = await call(coursePageRoute, { token: tokens.teacher, params: { short_name: "SCI10" } });
    expect(page.body.sections).toHaveLength(1);
    expect(page.body.sections[0]).toMatchObject({ id: sectionId, code: "A", students: [] });
    // The course's blocks: Block A on Day 1, Block B on both.
    expect(page.body.blocks.map((b: { label: string; day_type: string }) => `${b.label} ${b.day_type}`)).toEqual([
      "Block A Day 1",
      "Block B Day 1",
      "Block B Day 2",
    ]);
    const mine = await call(listCoursesRoute, { token: tokens.teacher });
    expect(mine.body.my_sections.map((s: { id: number }) => s.id)).toContain(sectionId);
    expect(mine.body.courses.find((c: { short_name: string }) => c.short_name === "SCI10")).toMatchObject({
      teaching: true,
      sections_count: 1,
    });
    const got = await call(sectionRoute, { token: tokens.colleague, params: { id: String(sectionId) } });
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(sectionId);
  });

  it("refuses a flex or unknown block, a day type not in the timetable, a teacher who is not staff, an unknown term, a code in use", async () => {
    const res = await createSection("SCI10", {
      code: "B",
      term_id: 999_999,
      teacher_ids: [999_998],
      meetings: [
        { block_id: id["Focus Block"], day_type: null },
        { block_id: 999_997, day_type: null },
        { block_id: id["Block A"], day_type: "Monday" },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      term_id: ["There is no such term."],
      teacher_ids: ["This id is not a staff member's: 999998."],
      "meetings.0.block_id": ["Focus Block is a flex block: classes meet in the other blocks."],
      "meetings.1.block_id": ["There is no such block."],
      "meetings.2.day_type": ["The day types are Day 1, Day 2 (or none: every day the block meets)."],
    });
    const student = await createSection("SCI10", { code: "B", teacher_ids: [malik.student.id + 100_000] });
    expect(student.status).toBe(422);
    const taken = await createSection("SCI10", { code: "A" });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.code).toEqual(["SCI10 already has a section A."]);
    expect((await createSection("SCI10", { code: "" })).body.errors.code).toBeDefined();
    expect((await createSection("NOPE", { code: "A" })).status).toBe(404);
    expect((await createSection("SCI10", { code: "B", meetings: "Block A" })).status).toBe(422);
    const get404 = await call(sectionRoute, { token: tokens.admin, params: { id: "999999" } });
    expect(get404.status).toBe(404);
    expect((await call(sectionRoute, { token: tokens.admin, params: { id: "x" } })).status).toBe(422);
  });

  it("edits a section's code, teachers and meetings, and archives it (DELETE)", async () => {
    await createCourse({ name: "Art 9", short_name: "ART9" });
    const made = await createSection("ART9", { code: "1", teacher_ids: [teacher.staff.id] });
    const put = await call(updateSectionRoute, {
      token: tokens.admin,
      method: "PUT",
      params: { id: String(made.body.id) },
      body: { code: "2", teacher_ids: [colleague.staff.id], meetings: [{ block_id: id["Block B"], day_type: "Day 2" }] },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      code: "2",
      teachers: [{ id: colleague.staff.id }],
      meetings: [{ block_id: id["Block B"], day_type: "Day 2" }],
    });
    const bad = await call(updateSectionRoute, {
      token: tokens.admin,
      method: "PUT",
      params: { id: String(made.body.id) },
      body: { meetings: [{ block_id: id["Focus Block"], day_type: null }] },
    });
    expect(bad.status).toBe(422);
    const archived = await call(archiveSectionRoute, { token: tokens.admin, method: "DELETE", params: { id: String(made.body.id) } });
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(true);
    const page = await call(coursePageRoute, { token: tokens.admin, params: { short_name: "ART9" } });
    expect(page.body.sections).toEqual([]);
  });

  it("answers 403 to teachers and students on section writes, 401 signed out", async () => {
    const p = { id: String(sectionId) };
    for (const token of [tokens.teacher, tokens.student]) {
      expect((await createSection("SCI10", { code: "Z" }, token)).status).toBe(403);
      expect((await call(updateSectionRoute, { token, method: "PUT", params: p, body: { code: "Z" } })).status).toBe(403);
      expect((await call(archiveSectionRoute, { token, method: "DELETE", params: p })).status).toBe(403);
      expect((await enrol(sectionId, { student_ids: [nora.student.id] }, token)).status).toBe(403);
      expect(
        (await call(dropRoute, { token, method: "DELETE", params: { ...p, student_id: String(nora.student.id) } })).status,
      ).toBe(403);
    }
    expect((await call(sectionRoute, { token: tokens.student, params: p })).status).toBe(403);
    expect((await call(listEnrollmentsRoute, { token: tokens.student, params: p })).status).toBe(403);
    expect((await call(sectionRoute, { params: p })).status).toBe(401);
    expect((await call(listEnrollmentsRoute, { params: p })).status).toBe(401);
    expect((await call(enrollRoute, { params: p, body: { student_ids: [1] } })).status).toBe(401);
    expect((await call(dropRoute, { method: "DELETE", params: { ...p, student_id: "1" } })).status).toBe(401);
    expect((await call(createSectionRoute, { params: { short_name: "SCI10" }, body: { code: "Z" } })).status).toBe(401);
    expect((await call(archiveSectionRoute, { method: "DELETE", params: p })).status).toBe(401);
  });

  it("enrols students by number and by id, changes nothing for those enrolled, and refuses unknown ones whole", async () => {
    const res = await enrol(sectionId, { student_numbers: ["515151", "515152"] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ enrolled: 2, already_enrolled: 0 });
    expect(res.body.section.students.map((m: { name: string }) => m.name)).toEqual([
      "Malik Patel",
      "Nora Quinn",
    ]);
    const again = await enrol(sectionId, { student_ids: [malik.student.id], student_numbers: ["515152"] });
    expect(again.body).toMatchObject({ enrolled: 0, already_enrolled: 2 });
    expect(await enrolmentRows(sectionId)).toHaveLength(2);

    const unknown = await enrol(sectionId, { student_numbers: ["515153", "000001", "000002"] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.student_numbers).toEqual(["No student has these numbers: 000001, 000002."]);
    const unknownId = await enrol(sectionId, { student_ids: [omar.student.id, 999_999] });
    expect(unknownId.body.errors.student_ids).toEqual(["No student has this id: 999999."]);
    expect(await enrolmentRows(sectionId)).toHaveLength(2);
    expect((await enrol(sectionId, {})).status).toBe(422);
    expect((await enrol(sectionId, { student_numbers: ["12a"] })).status).toBe(422);
    expect((await enrol(sectionId, { student_ids: [omar.student.id], begin_date: "soon" })).status).toBe(422);
    expect((await enrol(999_999, { student_ids: [omar.student.id] })).status).toBe(404);

    const list = await call(listEnrollmentsRoute, { token: tokens.teacher, params: { id: String(sectionId) } });
    expect(list.status).toBe(200);
    expect(list.body.enrollments).toHaveLength(2);
    expect(list.body.enrollments[0]).toMatchObject({ student: { id: malik.student.id }, dropped_at: null, sourced_id: null });
    expect(list.body.history).toEqual([]);
    const page = await call(coursePageRoute, { token: tokens.teacher, params: { short_name: "SCI10" } });
    expect(page.body.sections[0].students).toHaveLength(2);
    expect(page.body.sections[0].students[0]).toMatchObject({
      id: malik.student.id,
      name: "Malik Patel",
      enrollment: { begin_date: null, end_date: null, dropped_at: null, sourced_id: null },
    });
  });

  it("gives each class member's homeroom, and student numbers as the privacy setting allows (administrators always)", async () => {
    await state.db.update(staff).set({ homeroom: "HR-204" }).where(eq(staff.id, teacher.staff.id));
    await state.db.update(students).set({ default_teacher_id: teacher.staff.id }).where(eq(students.id, malik.student.id));
    type Member = { name: string; student_number: string | null; homeroom: unknown };
    const classList = async (token: string) =>
      (await call(sectionRoute, { token, params: { id: String(sectionId) } })).body.students as Member[];
    const coursePage = async (token: string) =>
      (await call(coursePageRoute, { token, params: { short_name: "SCI10" } })).body.sections[0].students as Member[];
    const numbers = (members: Member[]) => members.map((m) => m.student_number);

    const admin = await classList(tokens.admin);
    expect(numbers(admin)).toEqual(["515151", "515152"]);
    expect(admin[0]!.homeroom).toEqual({ teacher: { id: teacher.staff.id, name: "Ms. Lovelace, Ada" }, code: "HR-204" });
    expect(admin[1]!.homeroom).toBeNull();
    // show-student-numbers is off (the default): a teacher sees the names and homerooms, no numbers.
    expect(numbers(await classList(tokens.teacher))).toEqual([null, null]);
    expect(numbers(await coursePage(tokens.teacher))).toEqual([null, null]);
    expect((await classList(tokens.teacher))[0]!.homeroom).toEqual(admin[0]!.homeroom);
    await setSetting(state.db, "show-student-numbers", "true");
    try {
      expect(numbers(await classList(tokens.teacher))).toEqual(["515151", "515152"]);
      expect(numbers(await coursePage(tokens.colleague))).toEqual(["515151", "515152"]);
    } finally {
      await setSetting(state.db, "show-student-numbers", "false");
    }
    expect((await call(sectionRoute, { token: tokens.student, params: { id: String(sectionId) } })).status).toBe(403);
  });

  it("refuses enrolment dates outside the section's term, or the school year without one, naming the field (422)", async () => {
    await createCourse({ name: "Debate 11", short_name: "DEB11" });
    const [term] = await state.db
      .insert(terms)
      .values({ name: "Debate term", start: addDays(yearStart, 14), end: addDays(yearStart, 60) })
      .returning();
    const termed = await createSection("DEB11", { code: "T", term_id: term!.id });
    expect(termed.status).toBe(201);
    const termedId = termed.body.id as number;
    const before = await enrolmentRows(termedId);

    const early = await enrol(termedId, { student_numbers: ["515151"], begin_date: addDays(yearStart, 13) });
    expect(early.status).toBe(422);
    expect(Object.keys(early.body.errors)).toEqual(["begin_date"]);
    expect(early.body.errors.begin_date[0]).toMatch(/^The first day must be within the section's term, Debate term \(/);
    const late = await enrol(termedId, { student_numbers: ["515151"], end_date: addDays(yearStart, 61) });
    expect(late.status).toBe(422);
    expect(Object.keys(late.body.errors)).toEqual(["end_date"]);
    expect(late.body.errors.end_date[0]).toMatch(/^The last day must be within the section's term, Debate term \(/);
    const both = await enrol(termedId, { student_ids: [nora.student.id], begin_date: addDays(yearStart, 1), end_date: addDays(yearStart, 90) });
    expect(Object.keys(both.body.errors).sort()).toEqual(["begin_date", "end_date"]);
    const backwards = await enrol(termedId, { student_ids: [nora.student.id], begin_date: addDays(yearStart, 30), end_date: addDays(yearStart, 20) });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.end_date).toEqual(["The last day of the enrolment is before its first day."]);
    expect((await enrol(termedId, { student_ids: [nora.student.id], end_date: "31/02" })).status).toBe(422);
    expect(await enrolmentRows(termedId)).toEqual(before);

    // The term's own first and last days are inside it; the enrolment keeps both dates.
    const inside = await enrol(termedId, { student_numbers: ["515151"], begin_date: addDays(yearStart, 14), end_date: addDays(yearStart, 60) });
    expect(inside.status).toBe(200);
    const [row] = await enrolmentRows(termedId);
    expect(row).toMatchObject({ begin_date: addDays(yearStart, 14), end_date: addDays(yearStart, 60) });

    // Without a term: the school year bounds the dates.
    const yearLong = await createSection("DEB11", { code: "Y" });
    const outside = await enrol(yearLong.body.id as number, { student_numbers: ["515152"], begin_date: addDays(yearStart, -1) });
    expect(outside.status).toBe(422);
    expect(outside.body.errors.begin_date[0]).toMatch(/^The first day must be within the school year \(/);
    expect((await enrol(yearLong.body.id as number, { student_numbers: ["515152"], end_date: addDays(yearEnd, 1) })).body.errors.end_date[0]).toMatch(/school year/);
    expect((await enrol(yearLong.body.id as number, { student_numbers: ["515152"], begin_date: yearStart, end_date: yearEnd })).status).toBe(200);
  });

  it("enrols 2 or 20 students in the same number of statements", async () => {
    await createCourse({ name: "Drama 10", short_name: "DRA10" });
    const one = (await createSection("DRA10", { code: "1" })).body.id;
    const two = (await createSection("DRA10", { code: "2" })).body.id;
    const kids: number[] = [];
    for (let i = 0; i < 20; i++) kids.push((await createStudent(state.db)).student.id);
    const small = await statementsOf(tokens.admin, () => enrol(one, { student_ids: kids.slice(0, 2) }));
    const big = await statementsOf(tokens.admin, () => enrol(two, { student_ids: kids }));
    expect(big.result.body.enrolled).toBe(20);
    expect(big.statements).toBe(small.statements);
  });

  it("makes one enrolment when two administrators enrol the same student at once", async () => {
    await Promise.all([
      enrol(sectionId, { student_ids: [omar.student.id] }),
      enrol(sectionId, { student_numbers: ["515153"] }),
    ]);
    const rows = await state.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.section_id, sectionId), eq(enrollments.student_id, omar.student.id)));
    expect(rows).toHaveLength(1);
  });

  it("drops a student: the enrolment stays in the history, dropped, and a later enrolment is a new one", async () => {
    const p = { id: String(sectionId), student_id: String(omar.student.id) };
    const res = await call(dropRoute, { token: tokens.admin, method: "DELETE", params: p });
    expect(res.status).toBe(200);
    expect(res.body.students.map((m: { id: number }) => m.id)).not.toContain(omar.student.id);
    const [row] = await state.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.section_id, sectionId), eq(enrollments.student_id, omar.student.id)));
    expect(row!.dropped_at).not.toBeNull();
    expect(row!.end_date).toBe(addDays(testToday(), -1));
    expect((await call(dropRoute, { token: tokens.admin, method: "DELETE", params: p })).status).toBe(404);
    const list = await call(listEnrollmentsRoute, { token: tokens.admin, params: { id: String(sectionId) } });
    expect(list.body.history.map((e: { student: { id: number } }) => e.student.id)).toEqual([omar.student.id]);
    await enrol(sectionId, { student_ids: [omar.student.id] });
    expect(
      await state.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.section_id, sectionId), eq(enrollments.student_id, omar.student.id))),
    ).toHaveLength(2);
  });
});

describe("the week", () => {
  let dayOne: number;
  let dayTwo: number;
  let student: Awaited<ReturnType<typeof createStudent>>;
  let token: string;

  beforeAll(async () => {
    student = await createStudent(state.db, { first_name: "Wendy", last_name: "Week", student_number: "626262" });
    token = await tokenFor(state.db, student);
    await createCourse({ name: "English 10", short_name: "ENG10" });
    await createCourse({ name: "French 10", short_name: "FRE10" });
    await createCourse({ name: "History 10", short_name: "HIS10" });
    dayOne = (await createSection("ENG10", { code: "1", teacher_ids: [teacher.staff.id], meetings: [{ block_id: id["Block A"], day_type: "Day 1" }] })).body.id;
    dayTwo = (await createSection("FRE10", { code: "1", teacher_ids: [colleague.staff.id], meetings: [{ block_id: id["Block A"], day_type: "Day 2" }] })).body.id;
    // A term that ended long ago: its section never shows this week.
    const ended = (await createSection("HIS10", { code: "1", term_id: id.pastTerm, meetings: [{ block_id: id["Block B"], day_type: null }] })).body.id;
    for (const section of [dayOne, dayTwo, ended]) await enrol(section, { student_ids: [student.student.id], begin_date: yearStart });
  });

  const week = async (date: string, who = token) =>
    (await call(studentScheduleOn, { token: who, params: { id: String(student.student.id), date } })).body;

  it("shows the Day 1 section on Day 1 dates and the Day 2 section on Day 2 dates, never the ended term's", async () => {
    const body = await week(nextWeek[0]!);
    for (const date of nextWeek) {
      const expected = dayType.get(date) === "Day 1" ? "ENG10" : "FRE10";
      expect([date, scheduledOn(body, date)]).toEqual([date, { "Block A": expected }]);
    }
    expect(nextWeek.some((d) => dayType.get(d) === "Day 1") && nextWeek.some((d) => dayType.get(d) === "Day 2")).toBe(true);
    // The term's first week: the history section shows then.
    const first = await week(addDays(yearStart, 1));
    const inTerm = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(yearStart, i)).filter((d) => d <= addDays(yearStart, 7) && dayType.get(d));
    expect(inTerm.some((d) => scheduledOn(first, d)["Block B"] === "HIS10")).toBe(true);
  });

  it("shows a teacher the sections they teach by day type", async () => {
    // Mr. Turing teaches SCI10 A (Block A on Day 1, Block B every day) and FRE10 1 (Block A on Day 2).
    const res = await call(staffScheduleOn, { token: tokens.colleague, params: { id: String(colleague.staff.id), date: nextWeek[0]! } });
    expect(res.status).toBe(200);
    for (const date of nextWeek) {
      const expected = dayType.get(date) === "Day 1" ? "SCI10" : "FRE10";
      expect([date, scheduledOn(res.body, date)]).toEqual([date, { "Block A": expected, "Block B": "SCI10" }]);
    }
  });

  it("no longer shows a dropped enrolment after its end date; before it, it still does", async () => {
    await call(dropRoute, { token: tokens.admin, method: "DELETE", params: { id: String(dayTwo), student_id: String(student.student.id) } });
    const next = await week(nextWeek[0]!);
    for (const date of nextWeek) if (dayType.get(date) === "Day 2") expect(scheduledOn(next, date)["Block A"]).toBeUndefined();
    const last = await week(lastWeek[0]!);
    for (const date of lastWeek) {
      expect(scheduledOn(last, date)["Block A"]).toBe(dayType.get(date) === "Day 1" ? "ENG10" : "FRE10");
    }
  });

  it("runs the same number of statements with no sections and with many", async () => {
    const empty = await createStudent(state.db);
    const emptyToken = await tokenFor(state.db, empty);
    const run = (who: Awaited<ReturnType<typeof createStudent>>, t: string) =>
      statementsOf(t, () => call(studentScheduleOn, { token: t, params: { id: String(who.student.id), date: nextWeek[0]! } }));
    const none = await run(empty, emptyToken);
    const many = await run(student, token);
    expect(many.statements).toBe(none.statements);
    const staffNone = await statementsOf(tokens.admin, () =>
      call(staffScheduleOn, { token: tokens.admin, params: { id: String(colleague.staff.id + 1000), date: nextWeek[0]! } }),
    );
    const staffMany = await statementsOf(tokens.admin, () =>
      call(staffScheduleOn, { token: tokens.admin, params: { id: String(teacher.staff.id), date: nextWeek[0]! } }),
    );
    expect(staffMany.statements).toBe(staffNone.statements);
  });

  it("costs the same statements for the course list and a course page whatever their size", async () => {
    const small = await statementsOf(tokens.teacher, () => call(coursePageRoute, { token: tokens.teacher, params: { short_name: "PHYS12" } }));
    const big = await statementsOf(tokens.teacher, () => call(coursePageRoute, { token: tokens.teacher, params: { short_name: "SCI10" } }));
    expect(big.result.body.sections[0].students.length).toBeGreaterThan(0);
    expect(big.statements).toBe(small.statements);
    const list = await statementsOf(tokens.teacher, () => call(listCoursesRoute, { token: tokens.teacher }));
    const filtered = await statementsOf(tokens.teacher, () => call(listCoursesRoute, { token: tokens.teacher, query: { q: "zzz" } }));
    expect(list.statements).toBe(filtered.statements);
    await state.db.execute(sql`select 1`);
  });
});

describe("student numbers from pasted text or a CSV", () => {
  it("takes every whole number cell once, in order, and skips headers and names", () => {
    expect(studentNumbersIn("student_number\n515151\n515152, 515151\n\"000123\";Jane 42x")).toEqual(["515151", "515152", "000123"]);
  });
});
