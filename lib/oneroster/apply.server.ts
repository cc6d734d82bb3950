import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { loadRosterState } from "@/db/queries/oneroster";
import { writeCourses, writeEnrollments, writeMeetings, writeSections, writeTeachers, writeTerms } from "@/db/queries/oneroster-classes";
import {
  archiveStudents,
  disableUsers,
  insertRoleChangeAudits,
  insertStaffAccounts,
  insertStudentAccounts,
  restoreStudents,
  updateStaff,
  updateStudents,
  writeHomerooms,
} from "@/db/queries/oneroster-people";
import { writeRosterGuardians } from "@/db/queries/guardians";
import { checkSchoolYear, writeSchoolYear } from "@/lib/calendar/school-year.server";
import { turnTaker, type TakeTurn } from "@/lib/event-loop";
import { randomColor } from "@/lib/people/colors";
import { newHashedInitialPasswords } from "@/lib/people/initial-password.server";
import { schoolGradeRange } from "@/lib/people/grades.server";
import { initialsOf } from "@/lib/people/names";
import { releasePlansOfLeavers } from "@/lib/placement/leavers.server";
import { BundleRefused } from "./parse";
import type { Plan, PlannedYear, PlanOptions } from "./plan";
import { openPlanner } from "./planner.server";

/**
 * Reads the bundle and decides what it would change, writing nothing (the dry run). The reading and
 * planning run in a worker thread (lib/oneroster/planner.server.ts); the roster is read meanwhile.
 */
export async function planImport(db: Db, bytes: Uint8Array, options: PlanOptions): Promise<Plan> {
  const planner = openPlanner(bytes);
  try {
    const [state, grades] = await Promise.all([loadRosterState(db), schoolGradeRange(db)]);
    await planner.parsed;
    return checkYear(await planner.plan(state, { ...options, grades }));
  } finally {
    planner.close();
  }
}

/** The bundle's school year against the calendar's rules (lib/calendar/school-year.server.ts): why it cannot be applied. */
function checkYear(plan: Plan): Plan {
  const year = plan.school_year;
  if (!year || year.change === "same") return plan;
  const errors = checkSchoolYear(yearBody(year));
  const first = Object.values(errors)[0]?.[0];
  if (first) year.problem = first;
  return plan;
}

const yearBody = (year: PlannedYear) => ({
  start: year.start,
  end: year.end,
  attendance_from: year.attendance_from,
  terms: year.terms,
});

/** Set when the school's year is not set up; changed only when the administrator chose to; never with a problem. */
const yearToWrite = (plan: Plan, options: PlanOptions) => {
  const year = plan.school_year;
  if (!year || year.problem) return null;
  return year.change === "set" || (year.change === "update" && options.apply_school_year) ? year : null;
};

/** One import at a time: two imports deciding against the same state would each create the same people. */
const lockRoster = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('oneroster-import'))`);

/**
 * Plans and applies a bundle in one transaction with a fixed number of statements per batch (each list
 * of up to BATCH_ROWS rows is one set-based statement): nothing is written when the bundle is refused.
 * The bundle is read and planned in a worker thread (lib/oneroster/planner.server.ts); this loop reads the
 * roster, takes the plan back and writes it.
 * `beforeCommit` runs last inside the transaction (the job records its progress and result there). Throws BundleRefused.
 */
export async function applyImport(
  db: Db,
  bytes: Uint8Array,
  options: PlanOptions & { actor_user_id?: number | null; job_id?: number | null; api_token_id?: number | null },
  now: Date,
  beforeCommit?: (tx: Db, plan: Plan) => Promise<void>,
): Promise<Plan> {
  const turn = turnTaker();
  const planner = openPlanner(bytes, turn);
  try {
    // A bundle that breaks the format is refused before the transaction (and the lock) is taken.
    await planner.parsed;
    return await db.transaction(async (tx) => {
      await lockRoster(tx);
      const [state, grades] = await Promise.all([loadRosterState(tx), schoolGradeRange(tx)]);
      const plan = checkYear(await planner.plan(state, { ...options, grades }));
      planner.close();
      if (plan.errors.length) throw new BundleRefused(plan.errors);
      await writePlan(tx, plan, now, turn);
      await auditRoleChanges(tx, plan, options, now);
      // Staff the SIS no longer lists (locked just now) take no students: their plans ahead are released.
      await releasePlansOfLeavers(tx, { userIds: plan.writes.disable, reason: "left_sis", actorUserId: options.actor_user_id ?? null }, now);
      const year = yearToWrite(plan, options);
      if (year) {
        // The year's terms are those the import just wrote: it holds them (checked above).
        await writeSchoolYear(tx, options.actor_user_id ?? null, yearBody(year), now, { oneroster_job_id: options.job_id ?? null });
        year.applied = true;
      }
      await beforeCommit?.(tx, plan);
      return plan;
    });
  } finally {
    planner.close();
  }
}

/**
 * Rows written by one statement: a longer list is written in batches of this many, with a turn of the
 * event loop between them (a statement's rows are turned into JSON in one go: 2,000 new students with
 * their hashes held the loop 11–14 ms, which showed in the check-in status beside the import; 500 about
 * 3 ms). The statements per batch stay constant.
 */
const BATCH_ROWS = 500;

async function inBatches<T>(list: readonly T[], turn: TakeTurn, write: (part: T[], at: number) => Promise<void>) {
  for (let at = 0; at < list.length; at += BATCH_ROWS) {
    await turn();
    await write(list.slice(at, at + BATCH_ROWS), at);
  }
}

async function writePlan(tx: Db, plan: Plan, now: Date, turn: TakeTurn) {
  const w = plan.writes;
  const newPeople = w.students.insert.length + w.staff.insert.length;
  // Random expired passwords, as CSV imports make: the school signs people in by SSO or resets them.
  const hashes = (await newHashedInitialPasswords(newPeople)).map((made) => made.hash);
  const staffHashes = w.students.insert.length;
  await writeTerms(tx, w.terms.insert, w.terms.update);
  await inBatches(w.students.insert, turn, (part, at) =>
    insertStudentAccounts(
      tx,
      part.map((s, i) => ({
        ...s,
        username: s.student_number,
        password_hash: hashes[at + i]!,
        initials: initialsOf(s.first_name, s.last_name),
        color: randomColor(),
      })),
    ),
  );
  await inBatches(w.students.update, turn, (part) =>
    updateStudents(tx, part.map((s) => ({ ...s, initials: initialsOf(s.first_name, s.last_name) }))),
  );
  await inBatches(w.staff.insert, turn, (part, at) =>
    insertStaffAccounts(
      tx,
      part.map((s, i) => ({
        ...s,
        username: s.email.toLowerCase(),
        password_hash: hashes[staffHashes + at + i]!,
        initials: initialsOf(s.first_name, s.last_name),
        color: randomColor(),
      })),
    ),
  );
  // Family contacts once their students exist (a parent row is a contact, never an account).
  await writeRosterGuardians(tx, w.guardians.upsert, w.guardians.sync_students, w.guardians.remove);
  await updateStaff(tx, w.staff.update.map((s) => ({ ...s, initials: initialsOf(s.first_name, s.last_name) })));
  await writeCourses(tx, w.courses.insert, w.courses.update, w.courses.archive, now);
  await writeSections(tx, w.sections.insert, w.sections.update, w.sections.archive, now);
  await writeMeetings(tx, w.meetings.add, w.meetings.remove);
  await writeTeachers(tx, w.teachers.add, w.teachers.remove);
  await inBatches(w.enrollments.insert, turn, (part) => writeEnrollments(tx, part, [], [], now));
  await inBatches(w.enrollments.update, turn, (part) => writeEnrollments(tx, [], part, [], now));
  await writeEnrollments(tx, [], [], w.enrollments.drop, now);
  await writeHomerooms(tx, w.homerooms.staff, w.homerooms.students);
  await restoreStudents(tx, w.students.restore);
  await archiveStudents(tx, w.students.archive, now);
  await disableUsers(tx, w.disable, now);
}

/** One audit entry per staff member whose role the import set: who, from what to what, which import or token. */
function auditRoleChanges(
  tx: Db,
  plan: Plan,
  options: { actor_user_id?: number | null; job_id?: number | null; api_token_id?: number | null },
  now: Date,
) {
  return insertRoleChangeAudits(
    tx,
    options.actor_user_id ?? null,
    now,
    plan.review.role_changes.map((c) => ({
      sourced_id: c.sourced_id,
      details: {
        name: c.name,
        from: c.from,
        to: c.to,
        sis_role: c.sis_role,
        ...(c.sis_role_before !== undefined ? { sis_role_before: c.sis_role_before } : {}),
        sourced_id: c.sourced_id,
        job_id: options.job_id ?? null,
        api_token_id: options.api_token_id ?? null,
      },
    })),
  );
}
