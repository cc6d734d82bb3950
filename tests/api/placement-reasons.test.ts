/** @jest-environment node */
import { POST as amendmentRoute } from "@/app/api/amendment/route";
import { POST as createAppointmentRoute } from "@/app/api/appointments/create/route";
import { GET as staffScheduleOn } from "@/app/api/staff/[id]/schedule/[date]/route";
import { GET as studentScheduleOn } from "@/app/api/students/[id]/schedule/[date]/route";
import { POST as schedulePlan } from "@/app/api/students/schedule-plan/route";
import { isNull } from "drizzle-orm";
import { students } from "@/db/schema";
import { runDuePlacements } from "@/lib/placement/service.server";
import type { Reason } from "@/lib/core/schedule/reason";
import { sentenceFor } from "@/lib/core/schedule/reason";
import type {
  StaffScheduleResponse,
  StudentScheduleBlock,
  StudentScheduleResponse,
} from "@/lib/core/schedule/types";
import { schoolInstant } from "@/lib/core/time";
import { createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";
import { setSetting } from "../helpers/schedule-factories";
import { TEST_TIMEZONE, weekdayDate } from "../helpers/timetable-factories";
import { useTestDb } from "../helpers/db";
import { arrangeSchool, run, type School } from "./power-scheduler-fixtures";

/** Every way a student comes to be somewhere carries its reason in the schedule API, so no placement is a mystery. */
const state = useTestDb();
let school: School;
const MON = weekdayDate(1);
const TUE = weekdayDate(2);
const WED = weekdayDate(3);
const THU = weekdayDate(4);
const FRI = weekdayDate(5);

beforeAll(async () => {
  school = await arrangeSchool(state.db);
  await state.db
    .update(students)
    .set({ default_teacher_id: school.teacher.staff.id })
    .where(isNull(students.default_teacher_id));
});

async function focusBlock(token: string, studentId: number, date: string): Promise<StudentScheduleBlock> {
  const res = await call<StudentScheduleResponse>(studentScheduleOn, {
    token,
    params: { id: String(studentId), date },
  });
  expect(res.status).toBe(200);
  const day = res.body.schedule.find((d) => d.date.iso === date)!;
  return day.blocks.find((b) => b.id === school.focus.id)!;
}

const say = (reason: Reason, viewer: "self" | "staff" = "self") =>
  sentenceFor(reason, { viewer, timezone: TEST_TIMEZONE, studentName: "Sam Student" });

describe("the reason of a block", () => {
  let kid: Awaited<ReturnType<typeof createStudent>>;
  let kidToken: string;

  beforeAll(async () => {
    kid = await createStudent(state.db, { default_teacher_id: school.teacher.staff.id });
    kidToken = await tokenFor(state.db, kid);
  });

  it("is null when nothing places the student", async () => {
    expect((await focusBlock(school.tokens.admin, kid.student.id, MON)).reason).toBeNull();
  });

  it("says when the student chose", async () => {
    const before = Date.now();
    const res = await call(schedulePlan, {
      token: kidToken,
      body: { staff_id: school.teacher.staff.id, block_id: school.focus.id, date: MON },
    });
    expect(res.status).toBe(200);
    const reason = (await focusBlock(kidToken, kid.student.id, MON)).reason!;
    expect(reason).toMatchObject({ kind: "chosen", teacher: { id: school.teacher.staff.id, name: "Ms. Lovelace, Ada" } });
    expect(new Date(reason.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(say(reason)).toMatch(/^You chose Ms\. Lovelace on [A-Z][a-z]{2} \d{1,2}\.$/);
  });

  it("says who booked the student, and why", async () => {
    const res = await call(createAppointmentRoute, {
      token: school.tokens.teacher,
      body: { student_id: kid.student.id, block_id: school.focus.id, date: TUE, memo: "chemistry test retake", clear_schedule: false },
    });
    expect(res.status).toBe(201);
    const reason = (await focusBlock(kidToken, kid.student.id, TUE)).reason!;
    expect(reason).toMatchObject({ kind: "booked", by: { id: school.teacher.staff.id }, memo: "chemistry test retake" });
    expect(say(reason)).toBe("Ms. Lovelace booked you: chemistry test retake");
    expect(say(reason, "staff")).toBe("Ms. Lovelace booked Sam Student: chemistry test retake");
  });

  it("says who amended the block", async () => {
    const res = await call(amendmentRoute, {
      token: school.tokens.teacher,
      body: { student_id: kid.student.id, block_id: school.focus.id, date: WED, memo: "Field trip" },
    });
    expect(res.status).toBe(201);
    const reason = (await focusBlock(kidToken, kid.student.id, WED)).reason!;
    expect(reason).toMatchObject({ kind: "amended", by: { id: school.teacher.staff.id }, memo: "Field trip" });
    expect(say(reason)).toBe("Ms. Lovelace amended this block: Field trip");
  });

  it("names the person who ran a Power Scheduler batch, and its memo", async () => {
    const res = await run(school, { student_ids: [kid.student.id], date_time: THU, memo: "Exam week" });
    expect(res.status).toBe(201);
    const reason = (await focusBlock(kidToken, kid.student.id, THU)).reason!;
    expect(reason).toMatchObject({ kind: "power_scheduler", batch: "appointment", by: { id: school.admin.staff.id }, memo: "Exam week" });
    expect(say(reason)).toMatch(/ booked you with the Power Scheduler: Exam week$/);

    const amended = await run(school, {
      student_type: "all",
      schedule_type: "amendment",
      date_time: FRI,
      memo: "Assembly",
      block_ids: [school.focus.id],
    }, school.tokens.sysadmin);
    expect(amended.status).toBe(201);
    const global = (await focusBlock(kidToken, kid.student.id, FRI)).reason!;
    expect(global).toMatchObject({ kind: "power_scheduler", batch: "amendment", everyone: true, memo: "Assembly" });
    expect(global.by?.name).toBe("Sys Admin");
    expect(say(global)).toBe("Sys Admin amended this block for every student with the Power Scheduler: Assembly");
  });

  it("says a default placement came at the cutoff, with the default teacher", async () => {
    const date = weekdayDate(1, 2); // a Monday two weeks ahead
    await setSetting(state.db, "placement_cutoff", "08:00");
    await runDuePlacements(state.db, schoolInstant(date, "08:00", TEST_TIMEZONE));
    const reason = (await focusBlock(kidToken, kid.student.id, date)).reason!;
    expect(reason).toEqual({
      kind: "placed",
      rung: "placed",
      teacher: { id: school.teacher.staff.id, name: "Ms. Lovelace, Ada" },
      at: schoolInstant(date, "08:00", TEST_TIMEZONE).toISOString(),
    });
    expect(say(reason)).toBe("Placed with your homeroom teacher, Ms. Lovelace, at the 08:00 cutoff.");
  });

  it("is given for each student in the teacher's own week, the spec's fields unchanged", async () => {
    const week = async (date: string) => {
      const res = await call<StaffScheduleResponse>(staffScheduleOn, {
        token: school.tokens.teacher,
        params: { id: String(school.teacher.staff.id), date },
      });
      expect(res.status).toBe(200);
      return res.body.schedule.find((d) => d.date.iso === date)!.blocks.find((b) => b.id === school.focus.id)!;
    };
    const mine = <T extends { student: { id: number } | null }>(items: T[]) =>
      items.find((item) => item.student?.id === kid.student.id)!;

    const chosen = mine((await week(MON)).planned);
    expect(Object.keys(chosen).sort()).toEqual(["block_id", "date", "id", "reason", "staff", "student"]);
    expect(chosen.reason).toMatchObject({ kind: "chosen", rung: "chosen", teacher: { id: school.teacher.staff.id } });
    expect(say(chosen.reason!, "staff")).toMatch(/^Sam Student chose Ms\. Lovelace on /);

    const placedDate = weekdayDate(1, 2);
    const placed = mine((await week(placedDate)).planned);
    expect(placed.reason).toEqual({
      kind: "placed",
      rung: "placed",
      teacher: { id: school.teacher.staff.id, name: "Ms. Lovelace, Ada" },
      at: schoolInstant(placedDate, "08:00", TEST_TIMEZONE).toISOString(),
    });

    const booked = mine((await week(TUE)).appointments);
    expect(booked).toMatchObject({ memo: "chemistry test retake", reason: { kind: "booked", rung: "appointment", memo: "chemistry test retake" } });
    const amended = mine((await week(WED)).amendments);
    expect(amended.reason).toMatchObject({ kind: "amended", rung: "amendment", by: { id: school.teacher.staff.id }, memo: "Field trip" });
  });

  it("comes from the same statement: a week with reasons costs what a bare week costs", async () => {
    const bare = await createStudent(state.db);
    const bareToken = await tokenFor(state.db, bare);
    const empty = await statementsOf(bareToken, () => focusBlock(bareToken, bare.student.id, MON));
    const full = await statementsOf(kidToken, () => focusBlock(kidToken, kid.student.id, MON));
    expect(full.statements).toBe(empty.statements);
  });
});

