/** @jest-environment node */
import { GET as staffScheduleOn } from "@/app/api/staff/[id]/schedule/[date]/route";
import { GET as studentScheduleOn } from "@/app/api/students/[id]/schedule/[date]/route";
import { seedSchool } from "@/lib/demo/school.server";
import { addDays, schoolToday, weekStart } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

/**
 * The demo school makes its courses, sections and enrolments through the roster's services (the same rules as a real school):
 * a student's and a teacher's week show their classes in the course blocks.
 */
const state = useTestDb();

it("shows every demo student a class in each course block of a school day, and teachers theirs", async () => {
  const now = new Date();
  const zone = "America/Vancouver";
  const school = await seedSchool(state.db, {
    now,
    timezone: zone,
    students: 12,
    extraTeachers: 2,
    weeksBack: 2,
    weeksAhead: 1,
    passwordHash: "not-a-real-hash",
  });
  const monday = addDays(weekStart(schoolToday(zone, now)), 1);
  const student = school.people.students[0]!;
  const admin = school.people.staff.find((s) => s.administrator)!;
  const token = await tokenFor(state.db, { user: { id: admin.user_id } });
  const week = await call(studentScheduleOn, { token, params: { id: String(student.id), date: monday } });
  expect(week.status).toBe(200);
  // A class block shows only with the section meeting in it (lib/schedule/week.server.ts).
  const classes = week.body.schedule.flatMap((d: { blocks: { flex: boolean }[] }) =>
    d.blocks.filter((b) => !b.flex),
  );
  expect(classes.length).toBeGreaterThan(0);
  for (const block of classes)
    expect(block.scheduled).toEqual(expect.objectContaining({ short_name: expect.any(String) }));

  const teacherWeeks = await Promise.all(
    school.people.staff
      .filter((s) => !s.administrator)
      .map((s) => call(staffScheduleOn, { token, params: { id: String(s.id), date: monday } })),
  );
  const taught = teacherWeeks.flatMap((res) =>
    res.body.schedule.flatMap((d: { blocks: { flex: boolean; scheduled: unknown }[] }) =>
      d.blocks.filter((b) => !b.flex && b.scheduled),
    ),
  );
  expect(taught.length).toBeGreaterThan(0);
}, 180_000);
