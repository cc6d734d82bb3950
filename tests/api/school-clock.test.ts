/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { GET as statusRoute } from "@/app/api/check-in/status/route";
import { GET as coursePageRoute } from "@/app/api/courses/[short_name]/route";
import { GET as settingsRoute } from "@/app/api/settings/route";
import { resultRows } from "@/db/queries/checkin";
import { blocks, timetableMeetings, timetables } from "@/db/schema";
import { WEEKDAY_NAMES } from "@/lib/calendar/generate";
import { formatSchoolTime, offsetsAround, type ZoneOffset } from "@/lib/school-clock";
import { addDays, dayOfWeek, instantClockLabel, schoolToday } from "@/lib/core/time";
import { setClock } from "../helpers/clock";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createCourse, setSetting } from "../helpers/schedule-factories";
import { createFocusBlock, createPlan, regenerateTestCalendar } from "../helpers/timetable-factories";

/**
 * One clock: the server writes school times by its own zone rules and sends them to the browsers
 * (GET /api/settings: the zone's offsets); every school date and instant is worked out by the
 * application (lib/core/time, lib/school-clock) and given to SQL as a parameter, never derived in SQL with
 * the database's copy of the zone rules, which can disagree (PostgreSQL 15's system tzdata puts
 * America/Vancouver on UTC−8 this winter, Node 24's on UTC−7).
 */
const state = useTestDb();

afterEach(() => jest.useRealTimers());

it("sends the zone's offsets with the timezone setting, to every signed-in role", async () => {
  const admin = await tokenFor(state.db, await createAdmin(state.db));
  const teacher = await tokenFor(state.db, await createStaff(state.db));
  for (const zone of ["America/Vancouver", "Europe/Paris", "Australia/Lord_Howe"]) {
    await setSetting(state.db, "timezone", zone);
    for (const token of [admin, teacher]) {
      const res = await call(settingsRoute, { token });
      expect(res.status).toBe(200);
      const setting = res.body.values.timezone as { value: string; offsets: ZoneOffset[] };
      expect(setting.value).toBe(zone);
      expect(setting.offsets).toEqual(offsetsAround(zone, new Date()));
      // Every hour of the last year and the next one reads as the server writes it.
      const now = Date.now();
      for (let ms = now - 365 * 86_400_000; ms < now + 365 * 86_400_000; ms += 3_600_000 * 7) {
        const iso = new Date(ms).toISOString();
        const shown = formatSchoolTime(iso, zone, setting.offsets);
        expect([iso, shown.slice(shown.lastIndexOf(", ") + 2)]).toEqual([iso, instantClockLabel(new Date(ms), zone)]);
      }
    }
  }
  await setSetting(state.db, "timezone", "America/Vancouver");
});

/**
 * Zones and instants half an hour after local midnight by Node's rules, where a database's rules may
 * give the day before: America/Vancouver this winter on PostgreSQL 15 (its system tzdata: UTC−8; Node
 * 24's 2026c: UTC−7), and CET in summer on PostgreSQL and PGlite alike (they read "CET" as the fixed
 * +01:00 abbreviation; Node as the zone, +02:00 in summer). PGlite's own tzdata agrees with Node's on
 * America/Vancouver.
 */
const CANDIDATES = [
  { zone: "America/Vancouver", at: "2026-12-02T07:30:00Z" },
  { zone: "CET", at: "2027-07-14T22:30:00Z" },
];

/** A zone and instant where this database and the application disagree on the date. */
async function disagreement() {
  for (const candidate of CANDIDATES) {
    const instant = new Date(candidate.at);
    const result = await state.db.execute(
      sql`select ((${candidate.at}::timestamptz) at time zone ${candidate.zone})::date::text as date`,
    );
    const databaseDate = String(resultRows(result)[0]!.date);
    const appDate = schoolToday(candidate.zone, instant);
    if (databaseDate !== appDate) return { ...candidate, instant, appDate, databaseDate };
  }
  throw new Error("No candidate zone reads differently in this database and in Node: add one to CANDIDATES.");
}

describe("a zone whose rules differ between the database and the application", () => {
  let found: Awaited<ReturnType<typeof disagreement>>;
  let teacher: Awaited<ReturnType<typeof createStaff>>;
  let focus: { id: number };

  beforeAll(async () => {
    found = await disagreement();
    expect(found.databaseDate).toBe(addDays(found.appDate, -1));
    await setSetting(state.db, "timezone", found.zone);
    await setSetting(state.db, "start_datetime", addDays(found.appDate, -20));
    await setSetting(state.db, "end_datetime", addDays(found.appDate, 20));
    // The Focus Block meets on the application's date only, not on the day before.
    focus = await createFocusBlock(state.db, { days: [dayOfWeek(found.appDate)] });
    teacher = await createStaff(state.db, { first_name: "Clock", last_name: "Keeper" });
  });
  afterAll(() => setSetting(state.db, "timezone", "America/Vancouver"));

  it("answers the check-in status for the application's today half an hour after midnight", async () => {
    const student = await createStudent(state.db, { first_name: "Early", last_name: "Bird" });
    await createPlan(state.db, { student_id: student.student.id, staff_id: teacher.staff.id, block_id: focus.id, date: found.appDate });
    setClock(found.instant);
    const token = await tokenFor(state.db, teacher);
    const res = await call(statusRoute, { token, path: "/api/check-in/status" });
    expect(res.status).toBe(200);
    expect(res.body.today).toBe(found.appDate);
    expect(res.body.date.iso).toBe(found.appDate);
    expect(res.body.blocks).toHaveLength(1);
    expect(res.body.blocks[0].planned.map((p: { id: number; student: { id: number } }) => p.student.id)).toEqual([student.student.id]);
    // Again, now that the application knows the zone (it reads only that date), and once the zone changed.
    const again = await call(statusRoute, { token, path: "/api/check-in/status" });
    expect([again.body.today, again.body.blocks[0]?.planned.length]).toEqual([found.appDate, 1]);
    await setSetting(state.db, "timezone", "Pacific/Kiritimati");
    const moved = await call(statusRoute, { token, path: "/api/check-in/status" });
    expect(moved.body.today).toBe(schoolToday("Pacific/Kiritimati", found.instant));
    await setSetting(state.db, "timezone", found.zone);
  });

  it("shows a course's meetings under the timetable in force on the application's today", async () => {
    // A version in force from the application's date, in which a new block meets every weekday.
    const [version] = await state.db
      .insert(timetables)
      .values({ effective_from: found.appDate, cycle_kind: "weekly", day_types: [...WEEKDAY_NAMES] })
      .returning();
    const [block] = await state.db.insert(blocks).values({ label: "Block Clock", flex: false }).returning();
    await state.db.insert(timetableMeetings).values(
      WEEKDAY_NAMES.map((day_type) => ({ timetable_id: version!.id, block_id: block!.id, day_type, start: "08:30:00", end: "09:20:00" })),
    );
    await regenerateTestCalendar(state.db);
    const course = await createCourse(state.db, { block_id: block!.id, staff_id: teacher.staff.id });
    setClock(found.instant);
    const token = await tokenFor(state.db, teacher);
    const res = await call(coursePageRoute, { token, params: { short_name: course.short_name } });
    expect(res.status).toBe(200);
    // The course's own "when it meets" (its sections list their blocks whatever the timetable).
    expect((res.body.blocks as { label: string }[]).map((b) => b.label)).toContain("Block Clock");
  });
});

/** Where SQL is written: every module of the application (tests may ask the database what it thinks). */
const SOURCE_ROOTS = ["db", "lib", "app", "scripts"];

/** The migrations are history: a data fix of long ago (0016's current_date) is left as it ran. */
const SKIPPED = new Set(["node_modules", "migrations"]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs|cjs|js|sql)$/.test(entry.name) ? [full] : [];
  });
}

/**
 * SQL that reads the database's zone rules or clock-in-a-zone. A local wall-clock time, should SQL ever
 * need one, is given the offset the application worked out (lib/school-clock cachedOffsetAt) as an
 * interpolated value named …Offset: `at time zone ${utcOffset}` passes, a zone name never does.
 */
const ZONE_SQL = [
  // UTC has no rules to disagree about: `at time zone 'UTC'` writes an instant as UTC in both databases.
  /at\s+time\s+zone(?!\s*\$\{\s*\w*offset\w*\s*\})(?!\s*'UTC')/i,
  /\btimezone\s*\(\s*['"$]/i,
  /\bcurrent_date\b/i,
  /\blocaltimestamp\b/i,
  /\bcurrent_time\b/i,
  /\blocaltime\b/i,
];

it("derives no date or time in SQL with the database's zone rules, anywhere in the code base", () => {
  const root = path.resolve(__dirname, "../..");
  const found: string[] = [];
  for (const dir of SOURCE_ROOTS) {
    for (const file of sourceFiles(path.join(root, dir))) {
      const lines = fs.readFileSync(file, "utf8").split("\n");
      lines.forEach((line, i) => {
        if (ZONE_SQL.some((pattern) => pattern.test(line))) found.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
      });
    }
  }
  expect(found).toEqual([]);
});
