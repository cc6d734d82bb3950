/** @jest-environment node */
import { GET as coursePage } from "@/app/api/courses/[short_name]/route";
import { POST as star } from "@/app/api/star/route";
import { courses, enrollments, sectionMeetings, sections, sectionTeachers } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";
import { createBlock } from "../helpers/timetable-factories";

const state = useTestDb();
const DAY = 24 * 60 * 60 * 1000;

async function createCourse(name: string, shortName: string, ownerId: number | null) {
  const [row] = await state.db
    .insert(courses)
    .values({ name, short_name: shortName, owner_id: ownerId })
    .returning();
  return row!;
}

async function enrol(courseId: number, studentId: number, droppedAt: Date | null = null) {
  await state.db
    .insert(enrollments)
    .values({
      course_id: courseId,
      student_id: studentId,
      enrolled_at: new Date(Date.now() - 30 * DAY),
      dropped_at: droppedAt,
    });
}

describe("GET /api/courses/{short_name}", () => {
  it("shows the course, its teacher, its meetings in week order, the enrolled students and the star", async () => {
    const teacher = await createStaff(state.db, { title: "Ms.", first_name: "Rosa", last_name: "Diaz" });
    const viewer = await createStaff(state.db);
    const token = await tokenFor(state.db, viewer);
    const course = await createCourse("Science 10", "SCI10", teacher.staff.id);
    const block = await createBlock(state.db, {
      label: "Block 3",
      meetings: [
        { day: 3, start: "13:00", end: "14:15" },
        { day: 1, start: "09:00", end: "10:15" },
      ],
    });
    const [section] = await state.db.insert(sections).values({ course_id: course.id, code: "Block 3" }).returning();
    await state.db.insert(sectionTeachers).values({ section_id: section!.id, staff_id: teacher.staff.id });
    await state.db.insert(sectionMeetings).values({ section_id: section!.id, block_id: block.id });
    const zoe = await createStudent(state.db, { first_name: "Zoe", last_name: "Adams", grade: 10 });
    const ben = await createStudent(state.db, { first_name: "Ben", last_name: "Brown", grade: 11 });
    const gone = await createStudent(state.db, { first_name: "Gone", last_name: "Away" });
    await enrol(course.id, ben.student.id);
    await enrol(course.id, zoe.student.id);
    await enrol(course.id, gone.student.id, new Date(Date.now() - DAY));

    const res = await call(coursePage, { token, params: { short_name: "SCI10" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: course.id,
      name: "Science 10",
      short_name: "SCI10",
      teacher: { id: teacher.staff.id, name: "Ms. Diaz, Rosa", initials: "TT", color: "blue" },
      blocks: [
        {
          block_id: block.id,
          label: "Block 3",
          weekday: 1,
          day: "Monday",
          day_type: "Monday",
          start: "9:00 AM",
          end: "10:15 AM",
        },
        {
          block_id: block.id,
          label: "Block 3",
          weekday: 3,
          day: "Wednesday",
          day_type: "Wednesday",
          start: "1:00 PM",
          end: "2:15 PM",
        },
      ],
      students: [
        {
          id: zoe.student.id,
          first_name: "Zoe",
          last_name: "Adams",
          name: "Zoe Adams",
          grade: 10,
          initials: "SS",
          color: "green",
        },
        {
          id: ben.student.id,
          first_name: "Ben",
          last_name: "Brown",
          name: "Ben Brown",
          grade: 11,
          initials: "SS",
          color: "green",
        },
      ],
      starred: false,
      sections: [expect.objectContaining({ id: section!.id, code: "Block 3" })],
      archived: false,
      sourced_id: null,
    });
    expect(JSON.stringify(res.body)).not.toContain("student_number");

    await call(star, { token, body: { item_type: "course", item_id: course.id } });
    expect((await call(coursePage, { token, params: { short_name: "SCI10" } })).body.starred).toBe(true);
  });

  it("answers a course with no teacher, blocks or students, and costs the same statements as a full one", async () => {
    const token = await tokenFor(state.db, await createSysadmin(state.db));
    await createCourse("Independent Study", "IND", null);
    const { statements: used, result: res } = await statementsOf(token, () =>
      call(coursePage, { token, params: { short_name: "IND" } }),
    );
    expect(res.body).toMatchObject({ teacher: null, blocks: [], students: [], starred: false });

    const full = await createCourse("Full", "FULL", null);
    for (let i = 0; i < 12; i++) await enrol(full.id, (await createStudent(state.db)).student.id);
    const full12 = await statementsOf(token, () => call(coursePage, { token, params: { short_name: "FULL" } }));
    expect(full12.result.body.students).toHaveLength(12);
    expect(full12.statements).toBe(used);
  });

  it("answers 404 for an unknown short name, 422 for one too long, 403 for students, 401 signed out", async () => {
    const token = await tokenFor(state.db, await createStaff(state.db));
    const unknown = await call(coursePage, { token, params: { short_name: "NOPE" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("There is no course with that short name.");
    expect((await call(coursePage, { token, params: { short_name: "x".repeat(65) } })).status).toBe(422);
    const student = await tokenFor(state.db, await createStudent(state.db));
    expect((await call(coursePage, { token: student, params: { short_name: "SCI10" } })).status).toBe(403);
    expect((await call(coursePage, { params: { short_name: "SCI10" } })).status).toBe(401);
  });
});
