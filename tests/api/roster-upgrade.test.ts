/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { courses, enrollments, sectionMeetings, sections, sectionTeachers } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent } from "../helpers/factories";
import { enroll } from "../helpers/schedule-factories";
import { createBlock } from "../helpers/timetable-factories";

/**
 * Upgrading to sections (an earlier school keeps its classes): migration 0019 makes each course-in-a-block of an earlier release a
 * section of its course (code: the block's label; its teacher; meeting in that block), and a student
 * enrolled in the course is enrolled in each of its sections, dropped ones staying dropped.
 */
const state = useTestDb();

async function runDataStatements(file: string) {
  const text = fs.readFileSync(path.join(process.cwd(), "db/migrations", file), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    const body = statement.replace(/^\s*--.*$/gm, "").trim();
    if (/^(INSERT|UPDATE)/i.test(body)) await state.db.execute(sql.raw(body));
  }
}

// The earlier release's table (migration 0020 drops it once nothing reads it), as it was before 0019.
const BLOCK_COURSES = sql`create table block_courses (id serial primary key,
  block_id integer not null references blocks(id) on delete cascade,
  course_id integer not null references courses(id) on delete cascade,
  staff_id integer references staff(id) on delete set null,
  constraint block_courses_block_course_unique unique (block_id, course_id))`;

afterEach(async () => {
  await state.db.execute(sql`drop table if exists block_courses`);
});

it("turns courses in blocks into sections with their teacher, meeting and enrolments", async () => {
  await state.db.execute(BLOCK_COURSES);
  const teacher = await createStaff(state.db);
  const b1 = await createBlock(state.db, { label: "Block 1" });
  const b5 = await createBlock(state.db, { label: "Block 5" });
  const [course] = await state.db.insert(courses).values({ name: "Chemistry 11", short_name: "CHEM11", owner_id: teacher.staff.id }).returning();
  await state.db.execute(sql`insert into block_courses (block_id, course_id, staff_id) values (${b1.id}, ${course!.id}, ${teacher.staff.id}), (${b5.id}, ${course!.id}, null)`);
  const kept = await createStudent(state.db);
  const left = await createStudent(state.db);
  await enroll(state.db, { student_id: kept.student.id, course_id: course!.id });
  await enroll(state.db, { student_id: left.student.id, course_id: course!.id, dropped_at: new Date("2026-10-01T00:00:00Z") });

  await runDataStatements("0019_roster_sections_and_sourced_ids.sql");

  const made = await state.db.select().from(sections).where(eq(sections.course_id, course!.id)).orderBy(asc(sections.id));
  expect(made.map((s) => s.code)).toEqual(["Block 1", "Block 5"]);
  expect(await state.db.select().from(sectionTeachers)).toEqual([{ section_id: made[0]!.id, staff_id: teacher.staff.id }]);
  const meetings = await state.db.select().from(sectionMeetings).orderBy(asc(sectionMeetings.section_id));
  expect(meetings.map((m) => [m.section_id, m.block_id, m.day_type])).toEqual([
    [made[0]!.id, b1.id, null],
    [made[1]!.id, b5.id, null],
  ]);
  const rows = await state.db.select().from(enrollments).orderBy(asc(enrollments.student_id), asc(enrollments.section_id));
  expect(rows.map((r) => [r.student_id, r.section_id, r.dropped_at !== null])).toEqual([
    [kept.student.id, made[0]!.id, false],
    [kept.student.id, made[1]!.id, false],
    [left.student.id, made[0]!.id, true],
    [left.student.id, made[1]!.id, true],
  ]);
  // Run again: nothing more.
  await runDataStatements("0019_roster_sections_and_sourced_ids.sql");
  expect(await state.db.select().from(enrollments)).toHaveLength(4);
  expect(await state.db.select().from(sections).where(eq(sections.course_id, course!.id))).toHaveLength(2);
});
