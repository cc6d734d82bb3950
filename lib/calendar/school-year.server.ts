import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { lockCalendar } from "@/db/queries/calendar";
import { listTerms, replaceTerms, yearCounts } from "@/db/queries/calendar-admin";
import { updateSettingValues } from "@/db/queries/settings";
import { invalid } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { addDays, type SchoolDate } from "@/lib/core/time";
import { regenerateSchoolDays, type Regeneration } from "./regenerate.server";
import { inTransaction } from "./rehearsal.server";
import { calendarContext, displayDate } from "./school-days.server";
import { FOCUS_BLOCK_LABEL, type SchoolYearBody } from "./schemas";
import type { SchoolYear } from "./answers";

/**
 * GET and PUT /api/school-year (docs/design/calendar.md#the-model): the year's first and last dates and the date attendance
 * counts from (the settings start_datetime, end_datetime and attendance_from), its terms, and the year at
 * a glance (days in session, Focus Blocks in the year and in each term).
 */

/** The longest school year (GET /api/school-days answers a whole year in one request). */
export const MAX_YEAR_DAYS = 400;

/** GET /api/school-year. */
export async function getSchoolYear(db: Db, now: Date): Promise<SchoolYear> {
  const context = await calendarContext(db, now);
  const start = context.yearStart || null;
  const end = context.yearEnd || null;
  const [terms, counts] = await Promise.all([
    listTerms(db),
    start && end && start <= end
      ? yearCounts(db, start, end, FOCUS_BLOCK_LABEL)
      : Promise.resolve({ schoolDays: 0, focusBlocks: 0, byTerm: new Map<number, number>() }),
  ]);
  return {
    start,
    end,
    attendance_from: context.attendanceFrom || null,
    terms: terms.map((term) => ({ id: term.id, name: term.name, start: term.start, end: term.end })),
    school_days: counts.schoolDays,
    focus_blocks: counts.focusBlocks,
    focus_blocks_by_term: terms.map((term) => ({ name: term.name, focus_blocks: counts.byTerm.get(term.id) ?? 0 })),
  };
}

const span = (start: SchoolDate, end: SchoolDate) => `${displayDate(start)} – ${displayDate(end)}`;

/** The rules of a school year, pure: the field errors (empty when it is fine). */
export function checkSchoolYear(body: SchoolYearBody): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  const { start, end } = body;
  if (end < start) add("end", "The school year must end after it starts.");
  else if ((Date.parse(end) - Date.parse(start)) / 86_400_000 + 1 > MAX_YEAR_DAYS)
    add("end", `A school year can be at most ${MAX_YEAR_DAYS} days long.`);
  const yearOk = !errors.end;
  if (yearOk && (body.attendance_from < start || body.attendance_from > end))
    add("attendance_from", `Attendance must count from a date of the school year (${span(start, end)}).`);
  const names = new Set<string>();
  const placed: { name: string; start: string; end: string }[] = [];
  body.terms.forEach((term, i) => {
    if (names.has(term.name.toLowerCase())) add(`terms.${i}.name`, `Another term is already named "${term.name}".`);
    names.add(term.name.toLowerCase());
    if (term.end < term.start) {
      add(`terms.${i}.end`, "A term must end after it starts.");
      return;
    }
    if (yearOk && (term.start < start || term.end > end)) {
      add(`terms.${i}.${term.start < start ? "start" : "end"}`, `${term.name} must fall within the school year (${span(start, end)}).`);
    }
    const other = placed.find((p) => term.start <= p.end && p.start <= term.end);
    if (other) add(`terms.${i}.start`, `${term.name} overlaps ${other.name} (${span(other.start, other.end)}).`);
    placed.push(term);
  });
  return errors;
}

/**
 * PUT /api/school-year: checks the year (checkSchoolYear), then in one transaction stores the dates in
 * their settings, makes the terms exactly those given (a term keeps its id while its name stays), and
 * regenerates the school days from the earliest date whose year membership changed. Answers as GET does,
 * plus `day_type_changes` (the dates whose day type moved: a new first day moves a rotation); with
 * `dry_run: true`, only those, and nothing written (the screen shows them before saving).
 */
export async function saveSchoolYear(db: Db, principal: Principal, body: SchoolYearBody, now: Date) {
  const dryRun = body.dry_run === true;
  const result = await inTransaction(db, dryRun, (tx) => writeSchoolYear(tx, principal.user.id, body, now));
  if (dryRun) return { dry_run: true as const, day_type_changes: result.dayTypeChanges };
  return { ...(await getSchoolYear(db, now)), day_type_changes: result.dayTypeChanges };
}

/**
 * The write of PUT /api/school-year, for an actor (a person, or the administrator behind a OneRoster
 * import, which passes its transaction: this becomes a savepoint in it, and `via` says so in the audit).
 */
export async function writeSchoolYear(
  db: Db,
  actorUserId: number | null,
  body: SchoolYearBody,
  now: Date,
  via?: { oneroster_job_id: number | null },
): Promise<Regeneration> {
  const errors = checkSchoolYear(body);
  if (Object.keys(errors).length) throw invalid(errors, Object.values(errors)[0]![0]);
  return db.transaction(async (tx) => {
    await lockCalendar(tx);
    const before = await calendarContext(tx, now);
    await updateSettingValues(
      tx,
      [
        { key: "start_datetime", value: body.start },
        { key: "end_datetime", value: body.end },
        { key: "attendance_from", value: body.attendance_from },
      ],
      now,
    );
    await replaceTerms(
      tx,
      body.terms.map((term) => ({ name: term.name, start: term.start, end: term.end })),
      now,
    );
    const regenerated = await regenerateSchoolDays(tx, now, changedFrom(before.yearStart, before.yearEnd, body.start, body.end));
    await insertAudit(tx, {
      actor_user_id: actorUserId,
      action: "school_year.update",
      details: {
        start: body.start,
        end: body.end,
        attendance_from: body.attendance_from,
        terms: body.terms.map((term) => `${term.name}: ${term.start} – ${term.end}`),
        previous: { start: before.yearStart, end: before.yearEnd, attendance_from: before.attendanceFrom },
        ...via,
      },
      created_at: now,
    });
    return regenerated;
  });
}

/** The first date that is in one year and not the other (the day after the end when the bounds stay). */
function changedFrom(oldStart: SchoolDate, oldEnd: SchoolDate, start: SchoolDate, end: SchoolDate): SchoolDate {
  if (!oldStart || !oldEnd) return "0001-01-01";
  if (oldStart !== start) return oldStart < start ? oldStart : start;
  const earlierEnd = oldEnd < end ? oldEnd : end;
  return addDays(earlierEnd, 1);
}
