/** @jest-environment node */
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { POST as createApiToken } from "@/app/api/api-tokens/route";
import { GET as auditExportRoute } from "@/app/api/audit/export/route";
import { GET as attendanceRoute } from "@/app/api/reports/attendance/route";
import { GET as sisRoute } from "@/app/api/reports/sis-export/route";
import { students } from "@/db/schema";
import { MAX_EXPORTS_PER_CALLER } from "@/lib/http/exports.server";
import { SIS_DATES_PER_READ } from "@/lib/reports/service.server";
import { addDays, schoolInstant } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStudent, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { setSchoolYear, setSetting } from "../helpers/schedule-factories";
import { statementsOf } from "../helpers/statements";
import { createFocusBlock, TEST_TIMEZONE, weekdayDate } from "../helpers/timetable-factories";

/**
 * Exports are streamed and capped per caller. The SIS export reads its lines a run
 * of dates at a time while the file is sent (the same file a single read gave); each session or API
 * token has at most MAX_EXPORTS_PER_CALLER exports running (held until the download ends or is
 * abandoned); more answer 429 with Retry-After.
 */
const state = useTestDb();
let admin: Awaited<ReturnType<typeof createAdmin>>;
const tokens: Record<string, string> = {};
/** Eight weeks of past school days: more dates than one read takes. */
const RANGE = { from: weekdayDate(1, -9), to: weekdayDate(5, -2) };
let late: { id: number; student_number: string };

beforeAll(async () => {
  const db = state.db;
  await setSchoolYear(db, 90, 30);
  await setSetting(db, "attendance_from", addDays(RANGE.from, -7));
  await createFocusBlock(db, { days: [1, 2, 3, 4, 5] });
  admin = await createAdmin(db);
  tokens.admin = await tokenFor(db, admin);
  tokens.otherSession = await tokenFor(db, admin);
  const early = new Date(`${addDays(RANGE.from, -30)}T12:00:00Z`);
  for (let i = 0; i < 3; i++) {
    const s = await createStudent(db);
    await db.update(students).set({ created_at: early }).where(eq(students.id, s.student.id));
  }
  // One joined on the Wednesday of the range's fifth week: in the second read's dates.
  const joined = addDays(RANGE.from, 4 * 7 + 2);
  const s = await createStudent(db);
  await db
    .update(students)
    .set({ created_at: schoolInstant(joined, "07:00", TEST_TIMEZONE) })
    .where(eq(students.id, s.student.id));
  late = { id: s.student.id, student_number: s.student.student_number };
  const made = await call(createApiToken, {
    token: tokens.admin,
    body: { name: "SIS", scopes: ["reports:read"], password: TEST_PASSWORD },
  });
  tokens.api = made.body.token;
});

/** The route's answer as it leaves the handler (its body not read yet). */
const open = (handler: typeof sisRoute, token: string, query: Record<string, string>) => {
  const url = new URL("http://localhost/api/x");
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return handler(new Request(url, { headers: { authorization: `Bearer ${token}` } }), {
    params: Promise.resolve({}),
  });
};

describe("the SIS export, streamed", () => {
  it("reads its lines a run of dates at a time and gives the whole file: every student on every date they attend", async () => {
    await call(sisRoute, { token: tokens.admin, query: RANGE }); // warm the session's minute (statementsOf)
    const { statements, result } = await statementsOf(tokens.admin, () => call(sisRoute, { token: tokens.admin, query: RANGE }));
    expect(result.status).toBe(200);
    const rows = parse(String(result.body).replace(/^\ufeff/, ""), { columns: true }) as Record<string, string>[];
    const dates = [...new Set(rows.map((r) => r.date))].sort();
    expect(dates.length).toBe(40);
    expect(dates.length).toBeGreaterThan(SIS_DATES_PER_READ);
    // Every student once per date; the late student from the date they joined.
    const keys = rows.map((r) => `${r.date}/${r.student_number}`);
    expect(new Set(keys).size).toBe(keys.length);
    const lateDates = rows.filter((r) => r.student_number === late.student_number).map((r) => r.date);
    expect(lateDates[0]).toBe(addDays(RANGE.from, 4 * 7 + 2));
    expect(rows).toHaveLength(3 * 40 + lateDates.length);
    // The session, the calendar, the names, then one read per run of dates.
    const reads = Math.ceil(dates.length / SIS_DATES_PER_READ);
    expect(reads).toBe(2);
    const oneRead = await statementsOf(tokens.admin, () =>
      call(sisRoute, { token: tokens.admin, query: { from: RANGE.from, to: addDays(RANGE.from, 11) } }),
    );
    expect(statements - oneRead.statements).toBe(reads - 1);
  });
});

describe(`at most ${MAX_EXPORTS_PER_CALLER} exports at a time per caller`, () => {
  it("refuses a third export of one session while two downloads are open, with Retry-After, and takes one again once a download ends or is abandoned", async () => {
    const first = await open(sisRoute, tokens.admin, RANGE);
    const second = await open(sisRoute, tokens.admin, RANGE);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await open(sisRoute, tokens.admin, RANGE);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("10");
    expect((await third.json()).code).toBe("too_many_exports");
    // The other exports count too; another session and the API token have slots of their own.
    expect((await open(attendanceRoute, tokens.admin, { ...RANGE, group_by: "student", format: "csv" })).status).toBe(429);
    expect((await open(auditExportRoute, tokens.admin, {})).status).toBe(429);
    const elsewhere = await open(sisRoute, tokens.otherSession, RANGE);
    expect(elsewhere.status).toBe(200);
    await elsewhere.text();
    // The JSON report is no export: not counted, not refused.
    expect((await open(attendanceRoute, tokens.admin, { ...RANGE, group_by: "student" })).status).toBe(200);

    await first.text(); // read to the end
    const fourth = await open(sisRoute, tokens.admin, RANGE);
    expect(fourth.status).toBe(200);
    await second.body!.cancel(); // a download abandoned
    const fifth = await open(sisRoute, tokens.admin, RANGE);
    expect(fifth.status).toBe(200);
    await Promise.all([fourth.text(), fifth.text()]);
  });

  it("counts an API token on its own, whoever made it", async () => {
    const held = [await open(sisRoute, tokens.api!, RANGE), await open(sisRoute, tokens.api!, RANGE)];
    expect(held.map((r) => r.status)).toEqual([200, 200]);
    expect((await open(sisRoute, tokens.api!, RANGE)).status).toBe(429);
    expect((await open(sisRoute, tokens.admin, RANGE)).status).toBe(200);
    await Promise.all(held.map((r) => r.text()));
    expect((await open(sisRoute, tokens.api!, RANGE)).status).toBe(200);
  });

  it("gives the slot back when an export fails before it starts (a bad range is 422, and no slot is lost)", async () => {
    for (let i = 0; i < MAX_EXPORTS_PER_CALLER + 1; i++) {
      expect((await open(sisRoute, tokens.otherSession, { from: RANGE.to, to: RANGE.from })).status).toBe(422);
    }
    const ok = await open(sisRoute, tokens.otherSession, RANGE);
    expect(ok.status).toBe(200);
    await ok.text();
  });
});
