/* eslint-disable max-lines -- a recurring request's create, edit and cancel share the expansion into appointments */
import "server-only";
import type { Db } from "@/db";
import {
  dayTypesBetween,
  deleteOccurrences,
  findSeries,
  insertOccurrences,
  insertSeries,
  listSeries,
  lockStudents,
  occupancy,
  occurrenceDates,
  occurrencesFrom,
  patternDays,
  restyleOccurrences,
  seriesStudents,
  updateSeries,
  type PatternDay,
  type SeriesRow,
} from "@/db/queries/appointment-series";
import { insertAudit } from "@/db/queries/audit";
import { lockCalendar } from "@/db/queries/calendar";
import { findBlockOnDate } from "@/db/queries/occurrences";
import { ApiError, conflict, forbidden, invalid, notFound } from "@/lib/api/errors.server";
import { requireStaff, type Principal } from "@/lib/auth/principal";
import { staffName, studentName } from "@/lib/people/names";
import { presentStaffRef } from "@/lib/people/present-person";
import { tellMoved, type Moved } from "@/lib/schedule/moved.server";
import { readSchoolDate, withinSchoolYear } from "@/lib/schedule/occurrence.server";
import { schoolCalendarSettings, type SchoolCalendarSettings } from "@/lib/settings/service.server";
import { addDays, isPending, schoolToday, type SchoolDate } from "@/lib/core/time";
import { appointmentRung } from "@/lib/core/choice/ladder";
import { MAX_SERIES_DAYS, type CreateSeriesBody, type UpdateSeriesBody } from "./series-schemas";
import { patternWords, type AppointmentSeries, type SeriesSkip } from "./series-types";

/**
 * A teacher's recurring request (a weekly help session, say): one appointment over a pattern of one Focus Block's
 * dates (a day type of the rotation or a weekday, from a date until a date) for one or many students,
 * with a memo, locked (an appointment) or unlocked (a request: the student may still choose). The
 * dates come from the generated calendar, so holidays and day types changed by hand are followed.
 * Each occurrence is an ordinary appointment with series_id and obeys what one booking obeys (the
 * appointment limit, an existing check-in, a pending block); what could not be booked is kept on the
 * series as `skipped` with its reason.
 *
 * Locks, in this order everywhere: the calendar (booking reads its dates; a holiday being added waits,
 * or has been seen), the students (id order, as one booking and a student's choice lock them), then
 * the series row, then its appointments.
 */

export const LIMIT_REACHED = "The maximum number of appointments has been reached.";
export const ALREADY_CHECKED_IN = "Already checked in for this block.";
export const NOT_PENDING = "This block is no longer pending.";
export const NOT_MEETING = "The block does not meet that day.";
export const closedReason = (event: string) => `No Focus Block that day (${event}).`;

const seriesNotFound = () => notFound("The recurring request could not be found.");
const seriesCancelled = () => conflict("series_cancelled", "This recurring request was cancelled.");

const isAdmin = (principal: Principal) => principal.role === "admin" || principal.role === "sysadmin";

function requireMayEdit(principal: Principal, row: SeriesRow) {
  if (isAdmin(principal)) return;
  if (principal.staff?.id !== row.staff_id) throw forbidden("This is another teacher's recurring request.");
}

/** The range of a series: until on or after from, at most one school year long, inside the school year. */
function checkRange(from: SchoolDate, until: SchoolDate, calendar: SchoolCalendarSettings, today: SchoolDate, field: "from" | "until") {
  if (until < from) throw invalid({ until: ["The end date must be on or after the start date."] });
  if (addDays(from, MAX_SERIES_DAYS - 1) < until) {
    throw invalid({ until: [`A recurring request spans at most one school year (${MAX_SERIES_DAYS} days).`] });
  }
  if (field === "from" && from < today) throw invalid({ from: ["The start date has passed. Start today or later."] });
  for (const [key, date] of [
    ["from", from],
    ["until", until],
  ] as const) {
    if (!withinSchoolYear(date, calendar)) {
      throw new ApiError(422, "outside_school_year", "That date is outside the school year.", {
        [key]: ["That date is outside the school year."],
      });
    }
  }
}

/** Of the pattern's days, which can be booked (the block meets and is pending) and why the rest cannot. */
function sortDays(days: PatternDay[], calendar: SchoolCalendarSettings, now: Date) {
  const bookable: SchoolDate[] = [];
  const closed: { date: SchoolDate; reason: string }[] = [];
  for (const day of days) {
    if (!day.meets || !day.end) closed.push({ date: day.date, reason: day.closed_by ? closedReason(day.closed_by) : NOT_MEETING });
    else if (!isPending(day.date, day.end, calendar.timezone, now)) closed.push({ date: day.date, reason: NOT_PENDING });
    else bookable.push(day.date);
  }
  return { bookable, closed };
}

/**
 * Books the series' students on the dates (their rows locked by the caller): each (student, date) is
 * booked unless the student checked in already or has as many appointments there as the limit allows.
 */
async function book(
  tx: Db,
  series: { id: number; staff_id: number; block_id: number; memo: string; locked: boolean },
  studentIds: number[],
  bookable: SchoolDate[],
  closed: { date: SchoolDate; reason: string }[],
  calendar: SchoolCalendarSettings,
) {
  const taken = new Map(
    (await occupancy(tx, series.block_id, studentIds, bookable)).map((row) => [`${row.student_id}:${row.date}`, row]),
  );
  const items: { student_id: number; date: SchoolDate }[] = [];
  const skipped: SeriesSkip[] = [];
  for (const student_id of studentIds) {
    for (const { date, reason } of closed) skipped.push({ student_id, date, reason });
    for (const date of bookable) {
      const there = taken.get(`${student_id}:${date}`);
      if (there?.checked_in) skipped.push({ student_id, date, reason: ALREADY_CHECKED_IN });
      else if (calendar.appointmentLimit > 0 && (there?.appointments ?? 0) >= calendar.appointmentLimit) {
        skipped.push({ student_id, date, reason: LIMIT_REACHED });
      } else items.push({ student_id, date });
    }
  }
  const booked = await insertOccurrences(tx, series, items);
  skipped.sort((a, b) => a.date.localeCompare(b.date) || a.student_id - b.student_id);
  return { booked, skipped };
}

type StaffLike = { title: string; first_name: string; last_name: string };
type PatternOf = { day_type: string | null; weekday: number | null };

/** One message per student of the series for this change (`occasion` makes it once). */
function movedOf(
  occurrences: { student_id: number; date: SchoolDate }[],
  occasion: string,
  change: { action: "booked" | "cancelled"; by: StaffLike; teacher: StaffLike; memo: string; locked: boolean; pattern: string; patternOf?: PatternOf },
): Moved[] {
  const byStudent = new Map<number, SchoolDate[]>();
  for (const o of occurrences) byStudent.set(o.student_id, [...(byStudent.get(o.student_id) ?? []), o.date]);
  return [...byStudent].map(([student_id, dates]) => ({ student_id, occasion, change: { kind: "series", ...change, dates } }));
}

const byOf = (principal: Principal): StaffLike =>
  principal.staff ?? { title: "", first_name: "", last_name: principal.sysadmin?.name ?? "An administrator" };

/** The series as JSON, its students and dates read in a fixed number of statements for any number of series. */
async function presentMany(db: Db, list: SeriesRow[]): Promise<AppointmentSeries[]> {
  const [people, dates] = await Promise.all([
    seriesStudents(db, list.flatMap((row) => row.student_ids)),
    occurrenceDates(db, list.map((row) => row.id)),
  ]);
  const names = new Map(people.map((p) => [p.id, { id: p.id, name: studentName(p) }]));
  return list.map((row) => {
    const own = dates.filter((d) => d.series_id === row.id);
    return {
      id: row.id,
      staff: presentStaffRef(row.staff),
      block: { id: row.block_id, label: row.block_label },
      day_type: row.day_type,
      weekday: row.weekday,
      pattern: patternWords(row),
      from: row.from,
      until: row.until,
      memo: row.memo,
      locked: row.locked,
      students: row.student_ids.flatMap((id) => names.get(id) ?? []),
      booked: own.reduce((sum, d) => sum + d.booked, 0),
      dates: own.map(({ date, booked, meets }) => ({ date, booked, meets })),
      skipped: row.skipped,
      cancelled_at: row.cancelled_at ? new Date(row.cancelled_at).toISOString() : null,
      created_at: new Date(row.created_at).toISOString(),
    };
  });
}

const presentOne = async (db: Db, row: SeriesRow) => (await presentMany(db, [row]))[0]!;

/** POST /api/appointments/series: the caller's recurring request, booked (201). */
export async function createSeries(db: Db, principal: Principal, input: CreateSeriesBody, now: Date) {
  const teacher = requireStaff(principal);
  const calendar = await schoolCalendarSettings(db);
  const today = schoolToday(calendar.timezone, now);
  const from = readSchoolDate(input.from, calendar.timezone, "from");
  const until = readSchoolDate(input.until, calendar.timezone, "until");
  checkRange(from, until, calendar, today, "from");
  const block = await findBlockOnDate(db, input.block_id, from);
  if (!block) throw notFound("The block could not be found.");
  if (!block.flex) throw new ApiError(422, "not_flex", "This is not a flex block.", { block_id: ["This is not a flex block."] });
  const studentIds = [...new Set(input.student_ids)].sort((a, b) => a - b);
  const pattern = { day_type: input.day_type ?? null, weekday: input.weekday ?? null };

  const id = await db.transaction(async (tx) => {
    await lockCalendar(tx);
    const found = await lockStudents(tx, studentIds);
    const here = new Set(found.filter((s) => !s.archived).map((s) => s.id));
    const missing = studentIds.filter((sid) => !here.has(sid));
    if (missing.length > 0) {
      throw invalid({ student_ids: [`No current student with id ${missing.slice(0, 10).join(", ")}${missing.length > 10 ? " …" : ""}.`] });
    }
    const days = await patternDays(tx, { block_id: block.id, from, until, ...pattern });
    if (days.length === 0) {
      if (pattern.day_type !== null) {
        const known = await dayTypesBetween(tx, from, until);
        const message = known.includes(pattern.day_type)
          ? `No school day from ${from} to ${until} is a ${pattern.day_type}.`
          : `"${pattern.day_type}" is not a day type of the calendar from ${from} to ${until}${known.length ? ` (${known.join(", ")})` : ""}.`;
        throw invalid({ day_type: [message] }, message);
      }
      const message = `No school day from ${from} to ${until} is ${patternWords(pattern).replace("every ", "a ")}.`;
      throw invalid({ weekday: [message] }, message);
    }
    const { bookable, closed } = sortDays(days, calendar, now);
    const seriesId = await insertSeries(tx, {
      staff_id: teacher.id,
      created_by: principal.user.id,
      block_id: block.id,
      ...pattern,
      from,
      until,
      memo: input.memo,
      locked: input.locked,
      student_ids: studentIds,
    });
    const series = { id: seriesId, staff_id: teacher.id, block_id: block.id, memo: input.memo, locked: input.locked };
    const { booked, skipped } = await book(tx, series, studentIds, bookable, closed, calendar);
    await updateSeries(tx, seriesId, { skipped });
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "appointment_series.create",
      details: {
        series_id: seriesId,
        teacher: staffName(teacher),
        block_id: block.id,
        pattern: patternWords(pattern),
        from,
        until,
        memo: input.memo,
        rung: appointmentRung(input.locked),
        students: studentIds.length,
        booked: booked.length,
        skipped: skipped.length,
      },
      created_at: now,
    });
    const change = { action: "booked" as const, by: teacher, teacher, memo: input.memo, locked: input.locked, pattern: patternWords(pattern), patternOf: pattern };
    await tellMoved(tx, movedOf(booked, `series:${seriesId}`, change), now);
    return seriesId;
  });
  return presentOne(db, (await findSeries(db, id))!);
}

/** GET /api/appointments/series: the caller's own recurring requests; an administrator's: everyone's. */
export async function listAppointmentSeries(db: Db, principal: Principal): Promise<AppointmentSeries[]> {
  const staffId = isAdmin(principal) ? null : requireStaff(principal).id;
  return presentMany(db, await listSeries(db, staffId, 200));
}

/** GET /api/appointments/series/{id}: its teacher or an administrator. */
export async function getAppointmentSeries(db: Db, principal: Principal, id: number): Promise<AppointmentSeries> {
  const row = await findSeries(db, id);
  if (!row) throw seriesNotFound();
  requireMayEdit(principal, row);
  return presentOne(db, row);
}

/** The series' occurrences still ahead (today's while its block has not ended; a closed day's too). */
async function pendingOccurrences(tx: Db, seriesId: number, calendar: SchoolCalendarSettings, now: Date) {
  const today = schoolToday(calendar.timezone, now);
  return (await occurrencesFrom(tx, seriesId, today)).filter(
    (o) => o.date > today || (o.end !== null && isPending(o.date, o.end, calendar.timezone, now)),
  );
}

/** Reads the series, then locks what it edits in the order of every write (calendar, students, series). */
async function lockForEdit(tx: Db, principal: Principal, id: number, options: { calendar: boolean }) {
  const first = await findSeries(tx, id);
  if (!first) throw seriesNotFound();
  requireMayEdit(principal, first);
  if (options.calendar) await lockCalendar(tx);
  await lockStudents(tx, first.student_ids);
  const row = await findSeries(tx, id, { forUpdate: true });
  if (!row) throw seriesNotFound();
  if (row.cancelled_at) throw seriesCancelled();
  return row;
}

/**
 * PATCH /api/appointments/series/{id}: the memo and the lock (for the occurrences still ahead), and
 * `until`: shortening cancels the pending occurrences after it, extending books the new dates (each by
 * the same rules as at first). One transaction; audited; each student told once of what changed.
 */
export async function editAppointmentSeries(db: Db, principal: Principal, id: number, input: UpdateSeriesBody, now: Date) {
  const calendar = await schoolCalendarSettings(db);
  const today = schoolToday(calendar.timezone, now);
  const until = input.until === undefined ? undefined : readSchoolDate(input.until, calendar.timezone, "until");
  await db.transaction(async (tx) => {
    const row = await lockForEdit(tx, principal, id, { calendar: until !== undefined });
    const memo = input.memo ?? row.memo;
    const locked = input.locked ?? row.locked;
    const pattern = patternWords(row);
    const by = byOf(principal);
    let pending = await pendingOccurrences(tx, row.id, calendar, now);
    let cancelled: { student_id: number; date: string }[] = [];
    let booked: { student_id: number; date: string }[] = [];
    let skipped = row.skipped;
    if (until !== undefined && until !== row.until) {
      checkRange(row.from, until, calendar, today, "until");
      if (until < row.until) {
        const later = pending.filter((o) => o.date > until);
        cancelled = await deleteOccurrences(tx, later.map((o) => o.id));
        pending = pending.filter((o) => o.date <= until);
        skipped = skipped.filter((s) => s.date <= until);
      } else {
        const start = addDays(row.until, 1) > today ? addDays(row.until, 1) : today;
        const days = start <= until ? await patternDays(tx, { block_id: row.block_id, from: start, until, day_type: row.day_type, weekday: row.weekday }) : [];
        const { bookable, closed } = sortDays(days, calendar, now);
        const more = await book(tx, { id: row.id, staff_id: row.staff_id, block_id: row.block_id, memo, locked }, row.student_ids, bookable, closed, calendar);
        booked = more.booked;
        skipped = [...skipped, ...more.skipped];
      }
    }
    if (memo !== row.memo || locked !== row.locked) await restyleOccurrences(tx, pending.map((o) => o.id), { memo, locked });
    await updateSeries(tx, row.id, { memo, locked, until: until ?? row.until, skipped });
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "appointment_series.update",
      details: {
        series_id: row.id,
        teacher: staffName(row.staff),
        changes: {
          ...(memo !== row.memo ? { memo: [row.memo, memo] } : {}),
          ...(locked !== row.locked ? { locked: [row.locked, locked] } : {}),
          ...(until !== undefined && until !== row.until ? { until: [row.until, until] } : {}),
        },
        cancelled: cancelled.length,
        booked: booked.length,
      },
      created_at: now,
    });
    const occasion = `series:${row.id}:until:${until ?? row.until}:${now.getTime()}`;
    await tellMoved(
      tx,
      [
        ...movedOf(cancelled, `cancelled-${occasion}`, { action: "cancelled", by, teacher: row.staff, memo: row.memo, locked: row.locked, pattern, patternOf: { day_type: row.day_type, weekday: row.weekday } }),
        ...movedOf(booked, `booked-${occasion}`, { action: "booked", by, teacher: row.staff, memo, locked, pattern, patternOf: { day_type: row.day_type, weekday: row.weekday } }),
      ],
      now,
    );
  });
  return presentOne(db, (await findSeries(db, id))!);
}

/**
 * DELETE /api/appointments/series/{id}: every pending occurrence cancelled as one (past ones stay, with
 * their attendance); the series is kept, cancelled. Audited; each student told once.
 */
export async function cancelAppointmentSeries(db: Db, principal: Principal, id: number, now: Date) {
  const calendar = await schoolCalendarSettings(db);
  const cancelled = await db.transaction(async (tx) => {
    const row = await lockForEdit(tx, principal, id, { calendar: false });
    const pending = await pendingOccurrences(tx, row.id, calendar, now);
    const gone = await deleteOccurrences(tx, pending.map((o) => o.id));
    await updateSeries(tx, row.id, { cancelled_at: now });
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "appointment_series.cancel",
      details: {
        series_id: row.id,
        teacher: staffName(row.staff),
        pattern: patternWords(row),
        memo: row.memo,
        cancelled: gone.length,
      },
      created_at: now,
    });
    await tellMoved(
      tx,
      movedOf(gone, `series-cancelled:${row.id}`, {
        action: "cancelled",
        by: byOf(principal),
        teacher: row.staff,
        memo: row.memo,
        locked: row.locked,
        pattern: patternWords(row),
        patternOf: { day_type: row.day_type, weekday: row.weekday },
      }),
      now,
    );
    return gone.length;
  });
  return { ...(await presentOne(db, (await findSeries(db, id))!)), cancelled };
}
