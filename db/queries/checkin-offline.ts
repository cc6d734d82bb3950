import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  checkInElsewhereScans,
  checkIns,
  checkInSubmissions,
  settings,
  staff,
  students,
  topicSchedules,
} from "../schema";
import { resultRows } from "./checkin";
import { studentDisplayFirstName } from "./people";

/**
 * Claims a submission id for a user. Answers null when the claim is new (go on and check in);
 * otherwise the existing row (a repeat: answer its stored response). A concurrent claim of the same
 * id waits on the primary key until the first transaction ends, then sees its row.
 */
export async function claimSubmission(db: Db, id: string, userId: number) {
  const claimed = await db
    .insert(checkInSubmissions)
    .values({ id, user_id: userId })
    .onConflictDoNothing()
    .returning({ id: checkInSubmissions.id });
  if (claimed.length > 0) return null;
  const [existing] = await db
    .select({ user_id: checkInSubmissions.user_id, response: checkInSubmissions.response })
    .from(checkInSubmissions)
    .where(eq(checkInSubmissions.id, id));
  return existing ?? null;
}

/** Forgets submissions claimed before `before` (housekeeping, lib/jobs/prune.server.ts); answers how many. */
export async function deleteSubmissionsBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(checkInSubmissions)
    .where(lt(checkInSubmissions.created_at, before))
    .returning({ id: checkInSubmissions.id });
  return deleted.length;
}

export async function storeSubmissionResponse(db: Db, id: string, response: Record<string, unknown>) {
  await db.update(checkInSubmissions).set({ response }).where(eq(checkInSubmissions.id, id));
}

/**
 * Remembers that a user scanned students someone else had checked in (block and date), and answers
 * the short name of each ledger row's checker ("Ms. Okafor"), in one statement.
 */
export async function recordElsewhereScans(
  db: Db,
  scan: { user_id: number; block_id: number; date: string },
  studentIds: readonly number[],
  checkerIds: readonly number[],
) {
  // Rows go in by student id, as in insertCheckIns: two requests by one user with overlapping
  // students in different orders would otherwise wait on each other's keys and deadlock.
  const ordered = [...studentIds].sort((a, b) => a - b);
  const result = await db.execute(sql`
    with scanned as (
      insert into ${checkInElsewhereScans} (user_id, student_id, block_id, date)
      select ${scan.user_id}, s::int, ${scan.block_id}, ${scan.date}::date
      from json_array_elements_text(${JSON.stringify(ordered)}::json) as s
      order by s::int
      on conflict do nothing
    )
    select ${staff.id} as id, ${staff.title} as title, ${staff.last_name} as last_name from ${staff}
    where ${staff.id} in (select (json_array_elements_text(${JSON.stringify(checkerIds)}::json))::int)`);
  return resultRows(result).map((row) => ({
    id: Number(row.id),
    title: String(row.title ?? ""),
    last_name: String(row.last_name ?? ""),
  }));
}

export interface ElsewhereRow {
  entry_id: number;
  method: string;
  checked_in_at: Date;
  student: { id: number; first_name: string; last_name: string; initials: string; color: string };
  staff: { id: number; title: string; first_name: string; last_name: string } | null;
}

/**
 * The students a user scanned on a date whose ledger row is (still) someone else's, with that row.
 */
export async function elsewhereScansOf(db: Db, userId: number, recorderStaffId: number | null, date: string) {
  const result = await db.execute(sql`
    select ci.id as entry_id, ci.method::text as method, ci.checked_in_at,
      json_build_object('id', st.id, 'first_name', st.first_name, 'last_name', st.last_name,
        'initials', st.initials, 'color', st.color) as student,
      case when sf.id is null then null else json_build_object('id', sf.id, 'title', sf.title,
        'first_name', sf.first_name, 'last_name', sf.last_name) end as staff
    from ${checkInElsewhereScans} es
    join ${checkIns} ci on ci.student_id = es.student_id and ci.block_id = es.block_id and ci.date = es.date
    join ${students} st on st.id = es.student_id and st.archived_at is null
    left join ${staff} sf on sf.id = ci.staff_id
    where es.user_id = ${userId} and es.date = ${date}::date
      and not (case when ${recorderStaffId}::int is null then ci.staff_id is null and ci.checked_in_by = ${userId}
                    else coalesce(ci.staff_id = ${recorderStaffId}::int, false) end)
    order by ci.checked_in_at desc, ci.id desc`);
  const json = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;
  return resultRows(result).map(
    (row): ElsewhereRow => ({
      entry_id: Number(row.entry_id),
      method: String(row.method),
      checked_in_at: new Date(row.checked_in_at as string),
      student: json(row.student),
      staff: json(row.staff),
    }),
  );
}

/** A setting's stored text (null when unset). */
export async function settingValue(db: Db, key: string): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value ?? null;
}

/** Whether a boolean setting is on (stored text 'true' or '1'). */
export async function settingIsOn(db: Db, key: string): Promise<boolean> {
  const value = await settingValue(db, key);
  return value === "true" || value === "1";
}

/** A ledger row with its checker, locked for the move. */
export async function lockLedgerEntry(db: Db, id: number) {
  const [row] = await db
    .select({
      id: checkIns.id,
      student_id: checkIns.student_id,
      block_id: checkIns.block_id,
      date: checkIns.date,
      staff_id: checkIns.staff_id,
      checked_in_by: checkIns.checked_in_by,
      checked_in_at: checkIns.checked_in_at,
      student_first_name: studentDisplayFirstName,
      student_last_name: students.last_name,
    })
    .from(checkIns)
    .innerJoin(students, eq(students.id, checkIns.student_id))
    .where(eq(checkIns.id, id))
    .for("update", { of: checkIns });
  return row ?? null;
}

/** Gives a ledger row to another staff member (with that teacher's topic for the block and date). */
export async function moveLedgerEntry(
  db: Db,
  entry: { id: number; block_id: number; date: string },
  to: { staff_id: number; user_id: number },
) {
  const topic = sql`(select ${topicSchedules.topic_id} from ${topicSchedules}
    where ${topicSchedules.staff_id} = ${to.staff_id} and ${topicSchedules.block_id} = ${entry.block_id}
      and ${topicSchedules.date} = ${entry.date} limit 1)`;
  await db
    .update(checkIns)
    .set({ staff_id: to.staff_id, checked_in_by: to.user_id, topic_id: topic })
    .where(and(eq(checkIns.id, entry.id)));
}
