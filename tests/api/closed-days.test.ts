/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { DELETE as eventDelete } from "@/app/api/calendar-events/[id]/route";
import { POST as importRoute } from "@/app/api/calendar-events/import/route";
import { POST as eventsPost } from "@/app/api/calendar-events/route";
import { GET as attendanceRoute } from "@/app/api/reports/attendance/route";
import { auditLog, calendarEvents, closedDayPlans, plans } from "@/db/schema";
import { schoolInstant } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call, callForm } from "../helpers/http";
import { createEvent, createWeekTimetable, setSetting } from "../helpers/schedule-factories";
import { statementsOf } from "../helpers/statements";
import { createPlan, FRI, TEST_TIMEZONE, THU, WED, weekdayDate } from "../helpers/timetable-factories";

/**
 * A day a calendar event closes (no_blocks) kept its plans: 110 of them in the trial, still rows that
 * lists and reports could meet. Closing a day now cancels them with the closure (the dry run says how
 * many), keeps them with the event, and deleting the event before the day gives them back as they were.
 */
const state = useTestDb();
let admin = "";
let focusId = 0;
let teacher: Awaited<ReturnType<typeof createStaff>>;
let pupils: Awaited<ReturnType<typeof createStudent>>[] = [];
const LAST_WED = weekdayDate(3, -1);

beforeAll(async () => {
  const { year, focus } = await createWeekTimetable(state.db);
  await setSetting(state.db, "attendance_from", year.start);
  focusId = focus.id;
  admin = await tokenFor(state.db, await createAdmin(state.db));
  teacher = await createStaff(state.db, { title: "Ms.", first_name: "Ines", last_name: "Okafor" });
  pupils = [];
  for (let i = 0; i < 6; i++) {
    pupils.push(await createStudent(state.db, { first_name: `Kid${i}`, last_name: "Closure", created_at: schoolInstant(year.start, "07:00", TEST_TIMEZONE) }));
  }
});

const post = (body: Record<string, unknown>) => call(eventsPost, { token: admin, body, path: "/api/calendar-events" });
const remove = (id: number) =>
  call(eventDelete, { token: admin, method: "DELETE", params: { id: String(id) }, path: `/api/calendar-events/${id}` });
const plansOn = (date: string) =>
  state.db
    .select({ student_id: plans.student_id, staff_id: plans.staff_id, source: plans.source, updated_at: plans.updated_at })
    .from(plans)
    .where(eq(plans.date, date))
    .orderBy(plans.student_id);
async function planEveryone(date: string, count = pupils.length) {
  for (const pupil of pupils.slice(0, count)) {
    await createPlan(state.db, { student_id: pupil.student.id, staff_id: teacher.staff.id, block_id: focusId, date });
  }
}

describe("closing a day with plans", () => {
  let eventId = 0;
  let before: Awaited<ReturnType<typeof plansOn>> = [];

  beforeAll(async () => {
    await planEveryone(WED);
    before = await plansOn(WED);
  });

  it("says in the dry run how many plans it would cancel, writing nothing", async () => {
    const res = await post({ date: WED, name: "Snow day", no_blocks: true, dry_run: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dry_run: true, date: WED, name: "Snow day", no_blocks: true, plans_cancelled: 6 });
    expect(await state.db.select().from(calendarEvents).where(eq(calendarEvents.date, WED))).toEqual([]);
    expect(await plansOn(WED)).toHaveLength(6);
    // An event that keeps school cancels nothing.
    expect((await post({ date: WED, name: "Picture day", dry_run: true })).body.plans_cancelled).toBe(0);
  });

  it("cancels them with the closure, in the same request, and audits how many", async () => {
    const res = await post({ date: WED, name: "Snow day", no_blocks: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ date: WED, name: "Snow day", no_blocks: true, plans_cancelled: 6 });
    eventId = res.body.id;
    expect(await plansOn(WED)).toEqual([]);
    expect(await state.db.select().from(closedDayPlans).where(eq(closedDayPlans.event_id, eventId))).toHaveLength(6);
    const [entry] = await state.db.select().from(auditLog).where(eq(auditLog.action, "calendar_event.create")).orderBy(auditLog.id);
    expect(entry!.details).toMatchObject({ date: WED, plans_cancelled: 6 });
  });

  it("gives them back as they were when the closure is deleted before the day", async () => {
    expect((await remove(eventId)).status).toBe(204);
    expect(await plansOn(WED)).toEqual(before);
    expect(await state.db.select().from(closedDayPlans)).toEqual([]);
    const [entry] = await state.db.select().from(auditLog).where(eq(auditLog.action, "calendar_event.delete"));
    expect(entry!.details).toMatchObject({ plans_restored: 6 });
  });

  it("keeps them cancelled while a second event still closes the day", async () => {
    const first = await post({ date: WED, name: "Snow day", no_blocks: true });
    const second = await post({ date: WED, name: "Power outage", no_blocks: true });
    expect([first.body.plans_cancelled, second.body.plans_cancelled]).toEqual([6, 0]);
    expect((await remove(first.body.id)).status).toBe(204);
    expect(await plansOn(WED)).toEqual([]);
    expect(await state.db.select().from(closedDayPlans).where(eq(closedDayPlans.event_id, second.body.id))).toHaveLength(6);
    expect((await remove(second.body.id)).status).toBe(204);
    expect(await plansOn(WED)).toEqual(before);
  });

  it("costs the same statements for 1 plan as for 6", async () => {
    await planEveryone(THU, 1);
    await planEveryone(FRI, 6);
    const one = await statementsOf(admin, () => post({ date: THU, name: "Closed", no_blocks: true }));
    const six = await statementsOf(admin, () => post({ date: FRI, name: "Closed", no_blocks: true }));
    expect([one.result.status, six.result.status]).toEqual([201, 201]);
    expect(six.statements).toBe(one.statements);
    const undoOne = await statementsOf(admin, () => remove(one.result.body.id));
    const undoSix = await statementsOf(admin, () => remove(six.result.body.id));
    expect(undoSix.statements).toBe(undoOne.statements);
    expect(await plansOn(FRI)).toHaveLength(6);
  });
});

describe("a closed day that has come", () => {
  it("never counts its plans: a teacher's report no longer lists a student only planned with them that day", async () => {
    const only = pupils[5]!;
    await state.db.delete(plans).where(and(eq(plans.student_id, only.student.id), eq(plans.date, LAST_WED)));
    await createPlan(state.db, { student_id: only.student.id, staff_id: teacher.staff.id, block_id: focusId, date: LAST_WED });
    const closure = await post({ date: LAST_WED, name: "Snow day", no_blocks: true });
    expect(closure.body.plans_cancelled).toBe(1);
    const teacherToken = await tokenFor(state.db, teacher);
    const report = await call(attendanceRoute, {
      token: teacherToken,
      query: { from: weekdayDate(1, -1), to: weekdayDate(5, -1), group_by: "student" },
    });
    expect(report.status).toBe(200);
    expect(report.body.rows.map((r: { student: { id: number } }) => r.student.id)).not.toContain(only.student.id);
    // Deleted after the day: the plan stays cancelled (the day's history is not rewritten).
    expect((await remove(closure.body.id)).status).toBe(204);
    expect(await plansOn(LAST_WED)).toEqual([]);
  });
});

describe("importing days without school", () => {
  const csvFile = (rows: string[]) => {
    const data = new FormData();
    data.append("file", new File([["date,name,in_session", ...rows].join("\n")], "days.csv", { type: "text/csv" }));
    return data;
  };
  const upload = (data: FormData, dryRun: boolean) => {
    data.append("dry_run", String(dryRun));
    return callForm(importRoute, { token: admin, form: data, path: "/api/calendar-events/import" });
  };
  const NEXT_TUE = weekdayDate(2, 2);
  const NEXT_WED = weekdayDate(3, 2);

  it("counts the plans on them in the dry run and cancels them when applied", async () => {
    await planEveryone(NEXT_TUE, 2);
    await planEveryone(NEXT_WED, 3);
    const rows = [`${NEXT_TUE},Storm,false`, `${NEXT_WED},Storm (second day),false`, `${weekdayDate(4, 2)},Assembly,true`];
    const dry = await upload(csvFile(rows), true);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, added: 3, plans_cancelled: 5 });
    expect(await plansOn(NEXT_TUE)).toHaveLength(2);
    const applied = await upload(csvFile(rows), false);
    expect(applied.body).toMatchObject({ dry_run: false, added: 3, plans_cancelled: 5 });
    expect([...(await plansOn(NEXT_TUE)), ...(await plansOn(NEXT_WED))]).toEqual([]);
    // Each closure keeps its own day's plans, given back with it.
    const [storm] = await state.db.select().from(calendarEvents).where(eq(calendarEvents.date, NEXT_WED));
    expect((await remove(storm!.id)).status).toBe(204);
    expect(await plansOn(NEXT_WED)).toHaveLength(3);
    expect(await plansOn(NEXT_TUE)).toEqual([]);
  });
});

describe("closures made before plans were cancelled with them", () => {
  it("have their plans moved to the event by the migration's data fix", async () => {
    const date = weekdayDate(5, 3);
    await planEveryone(date, 4);
    // As the calendar did before: the event closes the day and the plans stay.
    const event = await createEvent(state.db, { date, name: "Old closure", no_blocks: true });
    expect(await plansOn(date)).toHaveLength(4);
    // Found by its name, whatever number the migration has.
    const folder = path.join(process.cwd(), "db/migrations");
    const file = fs.readdirSync(folder).find((name) => name.endsWith("_closed_day_plans.sql"))!;
    const migration = fs.readFileSync(path.join(folder, file), "utf8");
    const fix = migration.split("--> statement-breakpoint").pop()!;
    await state.db.execute(sql.raw(fix));
    expect(await plansOn(date)).toEqual([]);
    expect(await state.db.select().from(closedDayPlans).where(eq(closedDayPlans.event_id, event.id))).toHaveLength(4);
    expect((await remove(event.id)).status).toBe(204);
    expect(await plansOn(date)).toHaveLength(4);
  });
});
