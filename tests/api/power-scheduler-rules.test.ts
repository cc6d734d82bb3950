/** @jest-environment node */
// The Power Scheduler's refusals, bad input, roles and statement counts (the runs: power-scheduler.test.ts).
import { inArray } from "drizzle-orm";
import { powerSchedules } from "@/db/schema";
import { createStudents } from "../helpers/bulk-factories";
import { createStudent } from "../helpers/factories";
import { statementsOf } from "../helpers/statements";
import { LAST_TUE, MON, SAT, TUE, weekdayDate } from "../helpers/timetable-factories";
import { useArrangedSchool, preview, run } from "./power-scheduler-fixtures";

const { state, school } = useArrangedSchool();

describe("rules and bad input", () => {
  const expectField = (
    res: { status: number; body: { errors?: Record<string, string[]> } },
    status: number,
    field: string,
  ) => {
    expect(res.status).toBe(status);
    expect(Object.keys(res.body.errors ?? {})).toContain(field);
  };

  it("refuses a date with no flex block", async () => {
    const s = await createStudent(state.db);
    const res = await run(school, { student_ids: [s.student.id], date_time: SAT });
    expectField(res, 422, "date_time");
    expect(res.body.code).toBe("no_flex_block");
  });

  it("refuses an end before the start, and dates outside the school year", async () => {
    const s = await createStudent(state.db);
    expectField(
      await run(school, { student_ids: [s.student.id], date_time: TUE, end_date: MON }),
      422,
      "end_date",
    );
    expectField(
      await run(school, { student_ids: [s.student.id], date_time: weekdayDate(2, 20) }),
      422,
      "date_time",
    );
    expectField(
      await run(school, { student_ids: [s.student.id], date_time: TUE, end_date: weekdayDate(2, 20) }),
      422,
      "end_date",
    );
  });

  it("refuses appointments on a block that has ended", async () => {
    const s = await createStudent(state.db);
    const res = await run(school, { student_ids: [s.student.id], date_time: LAST_TUE });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("not_pending");
  });

  it("lists unknown students and answers 404 for an unknown staff member", async () => {
    const s = await createStudent(state.db);
    const res = await run(school, { student_ids: [s.student.id, 99_999_999], date_time: TUE });
    expectField(res, 404, "student_ids");
    expect(res.body.message).toContain("99999999");
    expectField(
      await run(school, { student_ids: [s.student.id], date_time: TUE, staff_id: 99_999_999 }),
      404,
      "staff_id",
    );
  });

  it("refuses blocks that are not flex blocks", async () => {
    const s = await createStudent(state.db);
    expectField(
      await run(school, { student_ids: [s.student.id], date_time: TUE, block_ids: [school.course.id] }),
      422,
      "block_ids",
    );
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["Some Students without students", { student_ids: [] }, "student_ids"],
    ["an empty memo", { memo: "  " }, "memo"],
    ["a memo over 150 characters", { memo: "x".repeat(151) }, "memo"],
    ["an unknown student type", { student_type: "many" }, "student_type"],
    ["an unknown schedule type", { schedule_type: "meeting" }, "schedule_type"],
    ["no date", { date_time: undefined }, "date_time"],
    ["a date that is not a date", { date_time: "next tuesday" }, "date_time"],
    ["a weekday out of range", { weekdays: [7] }, "weekdays.0"],
    ["an empty list of day types", { day_types: [] }, "day_types"],
    ["a day type that is not text", { day_types: [2] }, "day_types.0"],
    ["a day type no flex block meets on in the range", { day_types: ["Day 9"] }, "day_types"],
    ["no staff member", { staff_id: undefined }, "staff_id"],
  ])("answers 422 for %s", async (_, patch, field) => {
    const s = await createStudent(state.db);
    const res = await run(school, { student_ids: [s.student.id], date_time: TUE, ...patch });
    expectField(res, 422, field);
    if (patch.memo === "  ") expect(res.body.errors.memo).toEqual(["This field cannot be empty."]);
  });

  it("is for administrators and sysadmins only", async () => {
    const s = await createStudent(state.db);
    const body = { student_ids: [s.student.id], date_time: weekdayDate(2, 5) };
    expect((await run(school, body, school.tokens.teacher)).status).toBe(403);
    expect((await run(school, body, school.tokens.student)).status).toBe(403);
    expect((await preview(school, body, school.tokens.teacher)).status).toBe(403);
    expect((await run(school, body, "")).status).toBe(401);
    expect((await run(school, body, school.tokens.sysadmin)).status).toBe(201);
  });

  it("runs the same statements for 2 students as for 200 and over 1 date as over 5", async () => {
    const count = async (studentIds: number[], from: string, to: string) => {
      const { statements, result: res } = await statementsOf(school.tokens.admin, () =>
        run(school, { student_ids: studentIds, date_time: from, end_date: to }),
      );
      expect(res.status).toBe(201);
      return { used: statements, created: res.body.created };
    };
    const few = await count(
      (await createStudents(state.db, 2)).map((s) => s.id),
      weekdayDate(2, 6),
      weekdayDate(2, 6),
    );
    const many = await count(
      (await createStudents(state.db, 200)).map((s) => s.id),
      weekdayDate(1, 7),
      weekdayDate(5, 7),
    );
    expect(many.created).toBe(200 * 7);
    expect(many.used).toBe(few.used);
    const rows = await state.db
      .select()
      .from(powerSchedules)
      .where(inArray(powerSchedules.date, [weekdayDate(1, 7)]));
    expect(rows).toHaveLength(1);
  });

  it("runs the same statements for All Students before and after 200 more students join", async () => {
    const count = async (date: string) => {
      const { statements, result: res } = await statementsOf(school.tokens.admin, () =>
        run(school, { student_type: "all", date_time: date, block_ids: [school.focus.id] }),
      );
      expect(res.status).toBe(201);
      return { used: statements, students: res.body.students as number };
    };
    const before = await count(weekdayDate(2, 8));
    await createStudents(state.db, 200);
    const after = await count(weekdayDate(4, 8));
    expect(after.students).toBe(before.students + 200);
    expect(after.used).toBe(before.used);
  });
});
