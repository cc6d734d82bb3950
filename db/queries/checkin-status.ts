import { getTableName, sql, type Column, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { blockSchedule, blocks, checkIns, plans, settings, staff, students } from "../schema";
import { resultRows, type FlexMeeting, type LedgerRow, type Recorder } from "./checkin";

/** A fully qualified column name, so the correlated sub-selects below can never be ambiguous. */
const c = (column: Column) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

export type StatusLedgerRow = LedgerRow & { block_id: number };
export interface StatusPlanRow {
  id: number;
  block_id: number;
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
  meetings: FlexMeeting[];
  /** The caller's ledger rows on the date, for every flex block meeting that weekday, newest first. */
  own: StatusLedgerRow[];
  /** Plans naming the caller on the date (same blocks), by student last and first name. */
  plans: StatusPlanRow[];
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
  'first_name', ${c(students.first_name)}, 'last_name', ${c(students.last_name)},
  'initials', ${c(students.initials)}, 'color', ${c(students.color)}) from ${students} where ${c(students.id)} = ${id})`;

const ledgerJson = sql`json_build_object('id', ${c(checkIns.id)}, 'block_id', ${c(checkIns.block_id)},
  'method', ${c(checkIns.method)}, 'checked_in_at', ${c(checkIns.checked_in_at)}, 'staff_id', ${c(checkIns.staff_id)},
  'checked_in_by', ${c(checkIns.checked_in_by)}, 'student', ${studentOf(c(checkIns.student_id))},
  'staff', (select json_build_object('id', ${c(staff.id)}, 'title', ${c(staff.title)}, 'first_name', ${c(staff.first_name)},
    'last_name', ${c(staff.last_name)}) from ${staff} where ${c(staff.id)} = ${c(checkIns.staff_id)}))`;

/** The caller's rows: a staff member's by staff id; a sysadmin's (no staff row) by user id. */
function recordedBy(recorder: Recorder): SQL {
  return "staff_id" in recorder
    ? sql`${c(checkIns.staff_id)} = ${recorder.staff_id}`
    : sql`${c(checkIns.staff_id)} is null and ${c(checkIns.checked_in_by)} = ${recorder.user_id}`;
}

/** The flex blocks that meet on the asked date's weekday. */
const flexToday = sql`(select ${c(blockSchedule.block_id)} from ${blockSchedule}
  join ${blocks} on ${c(blocks.id)} = ${c(blockSchedule.block_id)}
  where ${c(blocks.flex)} and ${c(blockSchedule.day_of_week)} = extract(dow from day.d))`;

/**
 * Everything GET /api/check-in/status needs, in ONE statement (the screen is refreshed with a queue
 * waiting; on PostgreSQL db/client.ts prepares it once per connection): the zone, today and the asked
 * date in it, the flex meetings, the caller's ledger rows and the plans naming the caller (each with
 * its ledger row, if any) for the flex blocks of that weekday. The service picks the Focus Block.
 */
export async function checkInStatusRows(db: Db, query: StatusQuery): Promise<CheckInStatusRows> {
  const now = query.now.toISOString();
  const result = await db.execute(sql`
    select day.tz as timezone, day.today::text as today, day.d::text as date,
      (select coalesce(json_agg(json_build_object('block_id', ${c(blockSchedule.block_id)},
          'label', ${c(blocks.label)}, 'day_of_week', ${c(blockSchedule.day_of_week)},
          'start', ${c(blockSchedule.start)}, 'end', ${c(blockSchedule.end)})), '[]')
        from ${blocks} join ${blockSchedule} on ${c(blockSchedule.block_id)} = ${c(blocks.id)}
        where ${c(blocks.flex)}) as meetings,
      (select coalesce(json_agg(${ledgerJson} order by ${c(checkIns.checked_in_at)} desc, ${c(checkIns.id)} desc), '[]')
        from ${checkIns}
        where ${c(checkIns.date)} = day.d and ${c(checkIns.block_id)} in ${flexToday}
          and ${recordedBy(query.recorder)}) as own,
      (select coalesce(json_agg(json_build_object('id', ${c(plans.id)}, 'block_id', ${c(plans.block_id)},
          'student', ${studentOf(c(plans.student_id))},
          'check_in', case when ${c(checkIns.id)} is null then null else ${ledgerJson} end)), '[]')
        from ${plans}
        left join ${checkIns} on ${c(checkIns.student_id)} = ${c(plans.student_id)}
          and ${c(checkIns.block_id)} = ${c(plans.block_id)} and ${c(checkIns.date)} = ${c(plans.date)}
        where ${c(plans.staff_id)} = ${query.staffId ?? -1} and ${c(plans.date)} = day.d
          and ${c(plans.block_id)} in ${flexToday}) as plans
    from (
      select zone.tz,
        (${now}::timestamptz at time zone zone.tz)::date as today,
        coalesce(${query.date}::date, (${query.instant?.toISOString() ?? null}::timestamptz at time zone zone.tz)::date,
                 (${now}::timestamptz at time zone zone.tz)::date) as d
      from (select coalesce((select ${c(settings.value)} from ${settings} where ${c(settings.key)} = 'timezone'), 'UTC') as tz) zone
    ) as day`);
  const [row] = resultRows(result);
  const json = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;
  const ledger = (r: StatusLedgerRow): StatusLedgerRow => ({
    ...r,
    checked_in_at: new Date(r.checked_in_at),
  });
  return {
    timezone: String(row!.timezone),
    today: String(row!.today),
    date: String(row!.date),
    meetings: json<FlexMeeting[]>(row!.meetings),
    own: json<StatusLedgerRow[]>(row!.own).map(ledger),
    plans: json<StatusPlanRow[]>(row!.plans)
      .map((plan) => ({ ...plan, check_in: plan.check_in ? ledger(plan.check_in) : null }))
      .sort(
        (a, b) =>
          a.student.last_name.localeCompare(b.student.last_name) ||
          a.student.first_name.localeCompare(b.student.first_name) ||
          a.student.id - b.student.id,
      ),
  };
}
