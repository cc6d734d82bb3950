import "server-only";
import { getTableName, sql, type Column, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { checkIns, plans, settings, staff, students } from "../schema";
import { preparedPerDb } from "../prepared";
import { ANY_FLEX_OCCURRENCE, flexMeetingsJson, flexOccurrenceKeys } from "./occurrences";
import { compareNames } from "@/lib/core/fold";
import { schoolDateOf, schoolToday } from "@/lib/core/time";
import { NO_BLOCK_DATES, settingDate, type FlexMeeting, type LedgerRow, type Recorder } from "./checkin";

/** A fully qualified column name, so the correlated sub-selects below can never be ambiguous. */
const c = (column: Column) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

export type StatusLedgerRow = LedgerRow & { block_id: number; date: string };
export interface StatusPlanRow {
  id: number;
  block_id: number;
  date: string;
  student: LedgerRow["student"];
  /** The student's ledger row for the block and date, whoever recorded it. */
  check_in: StatusLedgerRow | null;
}

export interface CheckInStatusRows {
  timezone: string;
  /** Today in the school's zone at `now`. */
  today: string;
  /** The date asked for (today when none). */
  date: string;
  /** The school year's first and last days, `YYYY-MM-DD` or null. */
  yearStart: string | null;
  yearEnd: string | null;
  meetings: FlexMeeting[];
  /** The dates of calendar events with `no_blocks`. */
  noBlockDates: string[];
  /** The caller's ledger rows on the date, for every flex block meeting that date, newest first. */
  own: StatusLedgerRow[];
  /** Plans naming the caller on the date (same blocks), by student last and first name. */
  plans: StatusPlanRow[];
  /** Whether a flex block meets on any date at all (an empty school's timetable has none). */
  anyFlexMeeting: boolean;
}

export interface StatusQuery {
  /** A school date, or null for `instant`'s or `now`'s school-local date. */
  date: string | null;
  instant: Date | null;
  now: Date;
  recorder: Recorder;
  /** Null for a sysadmin (no plans name them). */
  staffId: number | null;
}

// Correlated look-ups by primary key: a handful of index probes, never a scan of every student.
const studentOf = (
  id: SQL,
) => sql`(select json_build_object('id', ${c(students.id)}, 'student_number', ${c(students.student_number)},
  'first_name', coalesce(nullif(${c(students.preferred_first_name)}, ''), ${c(students.first_name)}), 'last_name', ${c(students.last_name)},
  'initials', ${c(students.initials)}, 'color', ${c(students.color)}) from ${students} where ${c(students.id)} = ${id})`;

const ledgerJson = sql`json_build_object('id', ${c(checkIns.id)}, 'block_id', ${c(checkIns.block_id)}, 'date', ${c(checkIns.date)},
  'method', ${c(checkIns.method)}, 'checked_in_at', ${c(checkIns.checked_in_at)}, 'staff_id', ${c(checkIns.staff_id)},
  'checked_in_by', ${c(checkIns.checked_in_by)}, 'student', ${studentOf(c(checkIns.student_id))},
  'staff', (select json_build_object('id', ${c(staff.id)}, 'title', ${c(staff.title)}, 'first_name', ${c(staff.first_name)},
    'last_name', ${c(staff.last_name)}) from ${staff} where ${c(staff.id)} = ${c(checkIns.staff_id)}))`;

/** The caller's rows: a staff member's by staff id; a sysadmin's (no staff row) by user id. */
const byStaff = sql`${c(checkIns.staff_id)} = ${sql.placeholder("recorder")}`;
const bySysadmin = sql`${c(checkIns.staff_id)} is null and ${c(checkIns.checked_in_by)} = ${sql.placeholder("recorder")}`;

const setting = (key: string) =>
  sql`(select ${c(settings.value)} from ${settings} where ${c(settings.key)} = ${sql.raw(`'${key}'`)})`;

/**
 * The (block, date) pairs of the flex blocks that meet in the window (day.lo to day.hi): the asked date
 * is one of its dates. Which one is worked out in JavaScript with the application's zone rules
 * (statusRowsOf), never in SQL: the database's copy of the time-zone rules can disagree with the application's.
 */
const flexInWindow = flexOccurrenceKeys({ from: sql`day.lo`, to: sql`day.hi` });

/** How far around the asked date flex occurrences are read: the previous and next Focus Block buttons. */
const ADJACENT_WINDOW_DAYS = 45;

/**
 * The school's zone (UTC when unset) and the window of dates read. When the application already knows
 * the zone (statusValues' hint, the zone an earlier status answer had) and it is still the school's,
 * the window is the date the application worked out for it; otherwise every date the asked instant
 * falls on somewhere (statusWindow), narrowed in JavaScript.
 */
const DAY = sql`(
      select zone.tz,
        coalesce(case when zone.tz = ${sql.placeholder("hint_zone")}::text then ${sql.placeholder("hint_date")}::date end,
          ${sql.placeholder("from")}::date) as lo,
        coalesce(case when zone.tz = ${sql.placeholder("hint_zone")}::text then ${sql.placeholder("hint_date")}::date end,
          ${sql.placeholder("to")}::date) as hi
      from (select coalesce((select ${c(settings.value)} from ${settings} where ${c(settings.key)} = 'timezone'), 'UTC') as tz) zone
    ) as day`;

/**
 * Everything GET /api/check-in/status needs, in ONE statement (the screen is refreshed with a queue
 * waiting: prepared once, db/prepared.ts, and PostgreSQL prepares it once per connection): the zone,
 * the flex meetings, the caller's ledger rows and the plans naming the caller (each with its ledger row,
 * if any) for the flex blocks of the window holding the asked date (statusWindow), and the school year and
 * no-blocks days the Focus Block rule needs (lib/checkin/rules.ts focusBlockOn). The service picks the
 * Focus Block. Exported for the bench floor (scripts/bench/floor.ts).
 */
export const statusQuery = (db: Db, recorder: "staff" | "sysadmin") =>
  db
    .select({
      timezone: sql`day.tz`.as("timezone"),
      year_start: setting("start_datetime").as("year_start"),
      year_end: setting("end_datetime").as("year_end"),
      no_block_dates: NO_BLOCK_DATES.as("no_block_dates"),
      meetings: flexMeetingsJson({
        from: sql`day.lo - ${sql.raw(String(ADJACENT_WINDOW_DAYS))}`,
        to: sql`day.hi + ${sql.raw(String(ADJACENT_WINDOW_DAYS))}`,
      }).as("meetings"),
      own: sql`(select coalesce(json_agg(${ledgerJson} order by ${c(checkIns.checked_in_at)} desc, ${c(checkIns.id)} desc), '[]')
        from ${checkIns}
        where ${c(checkIns.date)} between day.lo and day.hi
          and (${c(checkIns.block_id)}, ${c(checkIns.date)}) in ${flexInWindow}
          and ${recorder === "staff" ? byStaff : bySysadmin})`.as("own"),
      plans:
        sql`(select coalesce(json_agg(json_build_object('id', ${c(plans.id)}, 'block_id', ${c(plans.block_id)}, 'date', ${c(plans.date)},
          'student', ${studentOf(c(plans.student_id))},
          'check_in', case when ${c(checkIns.id)} is null then null else ${ledgerJson} end)), '[]')
        from ${plans}
        left join ${checkIns} on ${c(checkIns.student_id)} = ${c(plans.student_id)}
          and ${c(checkIns.block_id)} = ${c(plans.block_id)} and ${c(checkIns.date)} = ${c(plans.date)}
        where ${c(plans.staff_id)} = ${sql.placeholder("staff_id")}
          and ${c(plans.date)} between day.lo and day.hi
          and (${c(plans.block_id)}, ${c(plans.date)}) in ${flexInWindow}
          and ${c(plans.student_id)} not in (select ${c(students.id)} from ${students} where ${c(students.archived_at)} is not null))`.as(
          "plans",
        ),
      any_flex_meeting: ANY_FLEX_OCCURRENCE.as("any_flex_meeting"),
    })
    .from(DAY);

const statusStaff = preparedPerDb((db) => statusQuery(db, "staff").prepare("checkin_status_staff"));
const statusSysadmin = preparedPerDb((db) => statusQuery(db, "sysadmin").prepare("checkin_status_sysadmin"));

const HOUR_MS = 3_600_000;

/**
 * The dates the statement reads when the application does not know the school's zone yet: the asked
 * date alone, or every date the instant (or now) falls on somewhere, from UTC−12 to UTC+14 (two dates,
 * three for two hours a day).
 */
export function statusWindow(query: Pick<StatusQuery, "date" | "instant" | "now">): { from: string; to: string } {
  if (query.date) return { from: query.date, to: query.date };
  const ms = (query.instant ?? query.now).getTime();
  const utcDate = (offsetMs: number) => new Date(ms + offsetMs).toISOString().slice(0, 10);
  return { from: utcDate(-12 * HOUR_MS), to: utcDate(14 * HOUR_MS) };
}

/**
 * The zone the last status answer had: a hint only (the statement checks it against the setting and
 * falls back to the whole window when it changed), so the window is the asked date itself almost always.
 */
let knownZone: string | null = null;

/** The placeholder values of a status query. */
export const statusValues = (query: StatusQuery) => ({
  recorder: "staff_id" in query.recorder ? query.recorder.staff_id : query.recorder.user_id,
  staff_id: query.staffId ?? -1,
  ...statusWindow(query),
  hint_zone: query.date ? null : knownZone,
  hint_date: query.date || !knownZone ? null : schoolDateOf(query.instant ?? query.now, knownZone),
});

export async function checkInStatusRows(db: Db, query: StatusQuery): Promise<CheckInStatusRows> {
  const prepared = "staff_id" in query.recorder ? statusStaff(db) : statusSysadmin(db);
  return statusRowsOf(await prepared.execute(statusValues(query)), query);
}

/**
 * The rows of the status statement as the service reads them: today and the asked date in the school's
 * zone by the application's rules (lib/core/time), and the window's rows narrowed to that date.
 */
export function statusRowsOf(result: Record<string, unknown>[], query: Pick<StatusQuery, "date" | "instant" | "now">): CheckInStatusRows {
  const [row] = result;
  const json = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;
  const ledger = (r: StatusLedgerRow): StatusLedgerRow => ({
    ...r,
    checked_in_at: new Date(r.checked_in_at),
  });
  const timezone = String(row!.timezone);
  knownZone = timezone;
  const date = query.date ?? schoolDateOf(query.instant ?? query.now, timezone);
  return {
    timezone,
    today: schoolToday(timezone, query.now),
    date,
    yearStart: settingDate(row!.year_start),
    yearEnd: settingDate(row!.year_end),
    meetings: json<FlexMeeting[]>(row!.meetings),
    noBlockDates: json<string[]>(row!.no_block_dates),
    own: json<StatusLedgerRow[]>(row!.own)
      .filter((r) => r.date === date)
      .map(ledger),
    plans: json<StatusPlanRow[]>(row!.plans)
      .filter((plan) => plan.date === date)
      .map((plan) => ({ ...plan, check_in: plan.check_in ? ledger(plan.check_in) : null }))
      // As the school reads names (lib/core/fold.ts), then by id.
      .sort((a, b) => compareNames(a.student, b.student) || a.student.id - b.student.id),
    anyFlexMeeting: row!.any_flex_meeting === true || row!.any_flex_meeting === "t",
  };
}
