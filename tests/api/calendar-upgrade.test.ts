/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { blocks, blockOccurrences, settings, timetableMeetings, timetables } from "@/db/schema";
import { regenerateSchoolDays } from "@/lib/calendar/regenerate.server";
import { useTestDb } from "../helpers/db";
import { setSchoolYear } from "../helpers/schedule-factories";
import { weekdayDate } from "../helpers/timetable-factories";

/**
 * Upgrading a school from the weekly timetable (an existing school keeps its week): migration 0016 turns its block_schedule rows
 * into the first timetable version, in force from the school year's first day, and migration 0018 keeps
 * its history counting (attendance_from = the year's first day, not the day of the upgrade).
 */
const state = useTestDb();

/** The INSERT statements of a migration file, run as the migrator would. */
async function runInserts(file: string) {
  const text = fs.readFileSync(path.join(process.cwd(), "db/migrations", file), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    const body = statement.replace(/^\s*--.*$/gm, "").trim();
    if (/^INSERT/i.test(body)) await state.db.execute(sql.raw(body));
  }
}

it("migration 0016 makes the weekly table the first weekly timetable, and the school days follow it", async () => {
  const year = await setSchoolYear(state.db);
  const [focus] = await state.db.insert(blocks).values({ label: "Focus Block", flex: true }).returning();
  // The table as an earlier release had it (0017 drops it; the test puts it back for the migration's SQL).
  await state.db.execute(sql`create table block_schedule (id serial primary key, block_id integer not null,
    day_of_week smallint not null, start time not null, "end" time not null)`);
  await state.db.execute(sql`insert into block_schedule (block_id, day_of_week, start, "end") values
    (${focus!.id}, 2, '09:26', '10:06'), (${focus!.id}, 4, '09:26', '10:22')`);
  await runInserts("0016_school_calendar.sql");
  await state.db.execute(sql`drop table block_schedule`);

  const [version] = await state.db.select().from(timetables);
  expect(version).toMatchObject({ effective_from: year.start, cycle_kind: "weekly", day_types: ["Tuesday", "Thursday"] });
  const meetings = await state.db.select().from(timetableMeetings).orderBy(asc(timetableMeetings.day_type));
  expect(meetings.map((m) => [m.day_type, m.start, m.end])).toEqual([
    ["Thursday", "09:26:00", "10:22:00"],
    ["Tuesday", "09:26:00", "10:06:00"],
  ]);
  await state.db.transaction((tx) => regenerateSchoolDays(tx, new Date()));
  const on = async (date: string) =>
    state.db.select().from(blockOccurrences).where(eq(blockOccurrences.date, date));
  expect((await on(weekdayDate(4))).map((o) => o.end)).toEqual(["10:22:00"]);
  expect(await on(weekdayDate(3))).toEqual([]);
});

it("migration 0018 counts an upgraded school's attendance from its year's first day, once", async () => {
  const year = await setSchoolYear(state.db);
  await state.db.delete(settings).where(eq(settings.key, "attendance_from"));
  await runInserts("0018_attendance_counts_from_existing_year.sql");
  const [row] = await state.db.select().from(settings).where(eq(settings.key, "attendance_from"));
  expect(row).toMatchObject({ value: year.start, type: "datetime" });
  // Run again: the row is there already, nothing changes.
  await runInserts("0018_attendance_counts_from_existing_year.sql");
  expect(await state.db.select().from(settings).where(eq(settings.key, "attendance_from"))).toHaveLength(1);
});
