/** @jest-environment node */
import { asc } from "drizzle-orm";
import { GET as statusOn } from "@/app/api/check-in/status/[date]/route";
import { POST as previewRoute } from "@/app/api/power-scheduler/preview/route";
import { GET as studentScheduleOn } from "@/app/api/students/[id]/schedule/[date]/route";
import { POST as schedulePlanRoute } from "@/app/api/students/schedule-plan/route";
import { POST as staffListRoute } from "@/app/api/students/staff-list/route";
import { POST as scheduleTopicRoute } from "@/app/api/topics/schedule/route";
import {
  bellScheduleMeetings,
  bellSchedules,
  blocks,
  calendarEvents,
  schoolDayOverrides,
  schoolDays,
  timetableMeetings,
  timetables,
} from "@/db/schema";
import { regenerateSchoolDays } from "@/lib/calendar/regenerate.server";
import { addDays, dayOfWeek } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { setSchoolYear } from "../helpers/schedule-factories";
import { createTopic, weekdayDate } from "../helpers/timetable-factories";

/**
 * A Day 1 / Day 2 school: the rotation advances one day type per day in session, skips a
 * holiday, and a late-start day keeps only the blocks its bell schedule lists. Every endpoint that shows
 * or takes a block reads the same calendar: week schedules, check-in status, plans, the teachers
 * offered, topics, the Power Scheduler.
 */
const state = useTestDb();

const HOLIDAY = weekdayDate(3); // next week's Wednesday
const LATE_START = weekdayDate(4); // next week's Thursday

let yearStart: string;
let focusId: number;
let tutorialId: number;
let teacher: Awaited<ReturnType<typeof createStaff>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let student: Awaited<ReturnType<typeof createStudent>>;
/** The day type of each date, worked out here independently of lib/calendar. */
const expected = new Map<string, string | null>();

beforeAll(async () => {
  const year = await setSchoolYear(state.db);
  yearStart = year.start;
  const made = await state.db
    .insert(blocks)
    .values([
      { label: "Block A", flex: false },
      { label: "Block B", flex: false },
      { label: "Focus Block", flex: true },
      { label: "Tutorial", flex: true },
    ])
    .returning();
  const id = (label: string) => made.find((b) => b.label === label)!.id;
  focusId = id("Focus Block");
  tutorialId = id("Tutorial");
  const [version] = await state.db
    .insert(timetables)
    .values({ effective_from: yearStart, cycle_kind: "rotation", day_types: ["Day 1", "Day 2"] })
    .returning();
  const meet = (label: string, day_type: string, start: string, end: string) => ({
    timetable_id: version!.id,
    block_id: id(label),
    day_type,
    start,
    end,
  });
  await state.db.insert(timetableMeetings).values([
    meet("Block A", "Day 1", "08:30", "09:50"),
    meet("Focus Block", "Day 1", "10:00", "10:40"),
    meet("Block B", "Day 2", "08:30", "09:50"),
    meet("Focus Block", "Day 2", "10:00", "10:40"),
    meet("Tutorial", "Day 2", "14:00", "14:45"),
  ]);
  const [late] = await state.db.insert(bellSchedules).values({ timetable_id: version!.id, name: "Late start" }).returning();
  await state.db
    .insert(bellScheduleMeetings)
    .values([{ bell_schedule_id: late!.id, block_id: focusId, start: "11:00", end: "11:30" }]);
  await state.db.insert(calendarEvents).values({ date: HOLIDAY, name: "Remembrance Day", no_blocks: true });
  await state.db.insert(schoolDayOverrides).values({ date: LATE_START, bell_schedule: "Late start" });
  await state.db.transaction((tx) => regenerateSchoolDays(tx, new Date()));

  let k = 0;
  for (let date = yearStart; date <= year.end; date = addDays(date, 1)) {
    const weekday = dayOfWeek(date);
    if (weekday === 0 || weekday === 6 || date === HOLIDAY) expected.set(date, null);
    else expected.set(date, k++ % 2 === 0 ? "Day 1" : "Day 2");
  }

  teacher = await createStaff(state.db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace" });
  admin = await createAdmin(state.db);
  student = await createStudent(state.db, { first_name: "Malik", last_name: "Patel", student_number: "515151" });
});

const token = (who: { user: { id: number } }) => tokenFor(state.db, who);
const nextWeek = [1, 2, 3, 4, 5].map((day) => weekdayDate(day));
const dayTwos = () => nextWeek.filter((date) => expected.get(date) === "Day 2");
/** Day 2 dates on the regular bell schedule (the late start keeps only the Focus Block). */
const regularDayTwos = () => dayTwos().filter((date) => date !== LATE_START);
const dayOnes = () => nextWeek.filter((date) => expected.get(date) === "Day 1");

describe("a Day 1 / Day 2 school", () => {
  it("materialises every date of the year with the day type the rotation gives it", async () => {
    const rows = await state.db.select().from(schoolDays).orderBy(asc(schoolDays.date));
    expect(rows.length).toBe(expected.size);
    for (const row of rows) expect([row.date, row.in_session ? row.day_type : null]).toEqual([row.date, expected.get(row.date)]);
    expect(rows.find((r) => r.date === LATE_START)).toMatchObject({ in_session: true, bell_schedule: "Late start" });
  });

  it("shows the Tutorial only on Day 2 dates, nothing on the holiday, and the late start's times", async () => {
    const res = await call(studentScheduleOn, {
      token: await token(admin),
      params: { id: String(student.student.id), date: nextWeek[0]! },
    });
    expect(res.status).toBe(200);
    const blocksOn = (date: string) =>
      res.body.schedule.find((d: { date: { iso: string } }) => d.date.iso === date).blocks as { id: number; start: string }[];
    for (const date of nextWeek) {
      const ids = blocksOn(date).map((b) => b.id);
      if (date === HOLIDAY) expect(ids).toEqual([]);
      else if (date === LATE_START) expect(blocksOn(date)).toMatchObject([{ id: focusId, start: "11:00 AM" }]);
      else expect(ids.includes(tutorialId)).toBe(expected.get(date) === "Day 2");
    }
  });

  it("checks in against the late start's Focus Block, and previous/next skip the holiday", async () => {
    const status = async (date: string) =>
      call(statusOn, { token: await token(teacher), params: { date }, path: `/api/check-in/status/${date}` });
    const late = await status(LATE_START);
    expect(late.body.blocks[0].block).toMatchObject({ id: focusId, start: "11:00 AM", end: "11:30 AM" });
    const before = addDays(HOLIDAY, -1);
    expect((await status(before)).body.next).toBe(LATE_START);
    expect((await status(LATE_START)).body.previous).toBe(before);
  });

  it("takes a plan for the Tutorial on a Day 2 and refuses it on a Day 1", async () => {
    const plan = async (date: string) =>
      call(schedulePlanRoute, { token: await token(student), body: { staff_id: teacher.staff.id, block_id: tutorialId, date } });
    const refused = await plan(dayOnes()[0]!);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ date: ["This block does not meet on that date."] });
    expect((await plan(regularDayTwos()[0]!)).status).toBe(200);
  });

  it("lets a teacher post a topic on a Day 2 Tutorial that a student then sees in the staff list", async () => {
    const topic = await createTopic(state.db, { staff_id: teacher.staff.id, memo: "Fractions clinic" });
    const date = regularDayTwos().at(-1)!;
    const posted = await call(scheduleTopicRoute, {
      token: await token(teacher),
      body: { topic_id: topic.id, block_id: tutorialId, date },
    });
    expect(posted.status).toBe(200);
    const list = await call(staffListRoute, { token: await token(student), body: { block_id: tutorialId, date } });
    expect(list.status).toBe(200);
    const row = list.body.find((r: { staff: { id: number } }) => r.staff.id === teacher.staff.id);
    expect(row.topic.memo).toBe("Fractions clinic");
    const onDayOne = await call(scheduleTopicRoute, {
      token: await token(teacher),
      body: { topic_id: topic.id, block_id: tutorialId, date: dayOnes()[0]! },
    });
    expect(onDayOne.status).toBe(422);
  });

  it("batches the Tutorial over a week on exactly its Day 2 dates", async () => {
    const preview = await call(previewRoute, {
      token: await token(admin),
      body: {
        student_type: "some",
        student_ids: [student.student.id],
        schedule_type: "amendment",
        staff_id: teacher.staff.id,
        memo: "Tutorial week",
        date_time: nextWeek[0],
        end_date: nextWeek[4],
        block_ids: [tutorialId],
      },
    });
    expect(preview.status).toBe(200);
    // The late start keeps only the Focus Block, so a Day 2 late start has no Tutorial either.
    expect(preview.body.dates).toEqual(regularDayTwos());
  });
});
