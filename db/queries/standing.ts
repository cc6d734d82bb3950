import "server-only";
import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../client";
import { plans, staff, standingChoiceOutcomes, standingChoices, terms, waitlistEntries } from "../schema";
import { meetsOn, occurrenceOn } from "./occurrences";
import { rows } from "./placement";
import { staffRefColumns, staffStillHere } from "./staff-ref";

/** Standing choices (lib/standing): "every Day 2 with Ms. Ruiz", their outcomes on each Focus Block. */

export type StandingChoiceRow = typeof standingChoices.$inferSelect;

const choiceColumns = {
  id: standingChoices.id,
  student_id: standingChoices.student_id,
  day_type: standingChoices.day_type,
  weekday: standingChoices.weekday,
  from: standingChoices.from,
  until: standingChoices.until,
  created_at: standingChoices.created_at,
  staff: staffRefColumns,
};

/** A student's standing choices with their teachers, soonest first. */
export function standingChoicesOf(db: Db, studentId: number) {
  return db
    .select(choiceColumns)
    .from(standingChoices)
    .innerJoin(staff, eq(staff.id, standingChoices.staff_id))
    .where(eq(standingChoices.student_id, studentId))
    .orderBy(asc(standingChoices.from), asc(standingChoices.id));
}

export async function findStandingChoice(db: Db, id: number) {
  const [row] = await db.select().from(standingChoices).where(eq(standingChoices.id, id)).limit(1);
  return row;
}

/** The student's standing choices with the same pattern whose dates meet [from, until]. */
export function overlappingStandingChoices(
  db: Db,
  input: { student_id: number; day_type: string | null; weekday: number | null; from: string; until: string },
) {
  return db
    .select({ id: standingChoices.id })
    .from(standingChoices)
    .where(
      and(
        eq(standingChoices.student_id, input.student_id),
        input.day_type !== null
          ? sql`lower(${standingChoices.day_type}) = lower(${input.day_type})`
          : eq(standingChoices.weekday, input.weekday!),
        lte(standingChoices.from, input.until),
        gte(standingChoices.until, input.from),
      ),
    )
    .limit(1);
}

export async function insertStandingChoice(db: Db, values: typeof standingChoices.$inferInsert) {
  const [row] = await db.insert(standingChoices).values(values).returning();
  return row!;
}

export async function deleteStandingChoiceRow(db: Db, id: number) {
  const deleted = await db
    .delete(standingChoices)
    .where(eq(standingChoices.id, id))
    .returning({ id: standingChoices.id });
  return deleted.length > 0;
}

/** The term holding the date (the latest-starting one when terms overlap). */
export async function termHolding(db: Db, date: string) {
  const [row] = await db
    .select({ id: terms.id, name: terms.name, start: terms.start, end: terms.end })
    .from(terms)
    .where(and(lte(terms.start, date), gte(terms.end, date)))
    .orderBy(desc(terms.start), asc(terms.end))
    .limit(1);
  return row;
}

/** Teachers a student may choose as their usual: taking students and still at the school. */
export function standingTeachers(db: Db) {
  return db
    .select(staffRefColumns)
    .from(staff)
    .where(and(eq(staff.takes_students, true), staffStillHere))
    .orderBy(asc(staff.last_name), asc(staff.first_name), asc(staff.id));
}

export interface StandingCandidate {
  standing_choice_id: number;
  student_id: number;
  staff_id: number;
  created_by: number | null;
  day_type: string | null;
  weekday: number | null;
  date: string;
  block_id: number;
  start: string;
}

/**
 * The (standing choice, date, flex block) matches with no outcome yet, from `from` to `to`, in one
 * statement: a flex block meeting that date (block_occurrences, which follow holidays and day types
 * changed by hand), in session, no no-blocks event, still pending (its end ahead of `localNow`, the
 * school's wall clock as the application reads it, "YYYY-MM-DD HH:MM:SS"), inside the choice's dates, on its day type (school_days.day_type) or weekday;
 * the student not archived. Soonest first, at most `limit`.
 */
export function standingCandidates(
  db: Db,
  input: { from: string; to: string; localNow: string; limit: number; standingChoiceId?: number },
) {
  const only =
    input.standingChoiceId !== undefined ? sql`and sc.id = ${input.standingChoiceId}::integer` : sql``;
  return rows<StandingCandidate>(
    db,
    sql`select sc.id as standing_choice_id, sc.student_id, sc.staff_id, sc.created_by, sc.day_type, sc.weekday,
        o.date::text as date, o.block_id, o.start::text as start
      from standing_choices sc
      join students s on s.id = sc.student_id and s.archived_at is null
      join block_occurrences o on o.date between greatest(sc."from", ${input.from}::date) and least(sc.until, ${input.to}::date)
      join blocks b on b.id = o.block_id and b.flex
      join school_days sd on sd.date = o.date and sd.in_session
      where sc.until >= ${input.from}::date and sc."from" <= ${input.to}::date ${only}
        and (sc.day_type is null or lower(sd.day_type) = lower(sc.day_type))
        and (sc.weekday is null or extract(dow from o.date)::int = sc.weekday)
        and (o.date + o."end") > ${input.localNow}::timestamp
        and not exists (select 1 from calendar_events e where e.date = o.date and e.no_blocks)
        and not exists (select 1 from standing_choice_outcomes oc
          where oc.standing_choice_id = sc.id and oc.date = o.date and oc.block_id = o.block_id)
      order by o.date, o.start, sc.id
      limit ${input.limit}::integer`,
  );
}

export interface StandingState {
  choice_exists: boolean;
  /** The block still meets that date (no no-blocks event came since), and the date's day type now. */
  meets: boolean;
  day_type: string | null;
  has_appointment: boolean;
  has_amendment: boolean;
  has_plan: boolean;
}

/** What holds the student's block now, read after the student's lock (one statement). */
export async function standingStateOf(
  db: Db,
  c: { standing_choice_id: number; student_id: number; block_id: number; date: string },
) {
  const [row] = await rows<StandingState>(
    db,
    sql`select
        exists (select 1 from standing_choices where id = ${c.standing_choice_id}::integer) as choice_exists,
        (${meetsOn(sql`${c.date}::date`, sql`${c.block_id}::integer`, { inSession: true })}
          and not exists (select 1 from calendar_events e where e.date = ${c.date}::date and e.no_blocks)) as meets,
        (select day_type from school_days where date = ${c.date}::date) as day_type,
        exists (select 1 from appointments a where a.student_id = ${c.student_id}::integer
          and a.block_id = ${c.block_id}::integer and a.date = ${c.date}::date) as has_appointment,
        exists (select 1 from amendments a where (a.student_id = ${c.student_id}::integer or a.student_id is null)
          and a.block_id = ${c.block_id}::integer and a.date = ${c.date}::date) as has_amendment,
        exists (select 1 from plans p where p.student_id = ${c.student_id}::integer
          and p.block_id = ${c.block_id}::integer and p.date = ${c.date}::date) as has_plan`,
  );
  return row!;
}

/** The fence: the outcome row, once per (standing choice, date, block); false when another run has it. */
export async function claimOutcome(
  db: Db,
  c: { standing_choice_id: number; date: string; block_id: number },
  outcome: string,
) {
  const claimed = await db
    .insert(standingChoiceOutcomes)
    .values({ standing_choice_id: c.standing_choice_id, date: c.date, block_id: c.block_id, outcome })
    .onConflictDoNothing()
    .returning({ outcome: standingChoiceOutcomes.outcome });
  return claimed.length > 0;
}

export async function setOutcome(
  db: Db,
  c: { standing_choice_id: number; date: string; block_id: number },
  outcome: string,
  detail: string,
) {
  await db
    .update(standingChoiceOutcomes)
    .set({ outcome, detail })
    .where(
      and(
        eq(standingChoiceOutcomes.standing_choice_id, c.standing_choice_id),
        eq(standingChoiceOutcomes.date, c.date),
        eq(standingChoiceOutcomes.block_id, c.block_id),
      ),
    );
}

/** The outcomes of a standing choice, by date. */
export function outcomesOf(db: Db, standingChoiceId: number) {
  return db
    .select({
      date: standingChoiceOutcomes.date,
      block_id: standingChoiceOutcomes.block_id,
      outcome: standingChoiceOutcomes.outcome,
      detail: standingChoiceOutcomes.detail,
    })
    .from(standingChoiceOutcomes)
    .where(eq(standingChoiceOutcomes.standing_choice_id, standingChoiceId))
    .orderBy(asc(standingChoiceOutcomes.date), asc(standingChoiceOutcomes.block_id));
}

/** A plan the standing choice made (source "standing"); null when the student already has one. */
export async function insertStandingPlan(
  db: Db,
  values: {
    student_id: number;
    staff_id: number;
    block_id: number;
    date: string;
    standing_choice_id: number;
  },
) {
  const [row] = await db
    .insert(plans)
    .values({ ...values, source: "standing" })
    .onConflictDoNothing({ target: [plans.student_id, plans.block_id, plans.date] })
    .returning({ id: plans.id });
  return row ?? null;
}

/** Puts the student on the teacher's waitlist for the block (once; the waitlist's order is the id). */
export async function insertWaitlistEntry(
  db: Db,
  values: { student_id: number; staff_id: number; block_id: number; date: string; added_by: number | null },
) {
  await db.insert(waitlistEntries).values(values).onConflictDoNothing();
}

/** The standing choice's plans still as it made them (source "standing"), with their block's end that date. */
export function standingPlansOf(db: Db, standingChoiceId: number, from: string) {
  return rows<{ id: number; staff_id: number; block_id: number; date: string; end: string | null }>(
    db,
    sql`select p.id, p.staff_id, p.block_id, p.date::text as date, o."end"::text as "end"
      from plans p left join ${occurrenceOn(sql`p.date`, sql`p.block_id`)}
      where p.standing_choice_id = ${standingChoiceId}::integer and p.source = 'standing' and p.date >= ${from}::date`,
  );
}

export async function deletePlansByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .delete(plans)
    .where(sql`${plans.id} in ${ids}`)
    .returning({ id: plans.id, staff_id: plans.staff_id, block_id: plans.block_id, date: plans.date });
}
