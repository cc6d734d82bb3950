import "server-only";
import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { imports, jobs, rosterSources, settings, staff, sysadmins, users } from "../schema";

/** The roster source's SQL (lib/oneroster/rest): its one row, its newest run, the nightly run's claim. */

export type RosterSourceRow = typeof rosterSources.$inferSelect;
export type RosterSourceValues = Omit<typeof rosterSources.$inferInsert, "id" | "last_import_id" | "last_pull_started_at" | "last_scheduled_on">;

export async function findRosterSource(db: Db): Promise<RosterSourceRow | undefined> {
  const [row] = await db.select().from(rosterSources).where(eq(rosterSources.id, 1)).limit(1);
  return row;
}

/**
 * Saves the source (one statement). A changed address or school forgets the last pull, so the next one
 * is a full pull, not a delta against another SIS's clock.
 */
export async function saveRosterSource(db: Db, values: RosterSourceValues, options: { forgetLastPull: boolean; scheduledOn: string | null }) {
  const [row] = await db
    .insert(rosterSources)
    .values({ id: 1, ...values, last_scheduled_on: options.scheduledOn })
    .onConflictDoUpdate({
      target: rosterSources.id,
      set: {
        ...values,
        ...(options.forgetLastPull ? { last_pull_started_at: null } : {}),
        ...(options.scheduledOn ? { last_scheduled_on: options.scheduledOn } : {}),
      },
    })
    .returning();
  return row!;
}

export async function deleteRosterSource(db: Db): Promise<boolean> {
  const deleted = await db.delete(rosterSources).where(eq(rosterSources.id, 1)).returning({ id: rosterSources.id });
  return deleted.length > 0;
}

/** The sync's entry in the Imports history, with its job's start and end. */
export async function rosterRun(db: Db, importId: number) {
  const [row] = await db
    .select({
      import_id: imports.id,
      job_id: imports.job_id,
      status: imports.status,
      created_at: imports.created_at,
      started_at: jobs.started_at,
      finished_at: imports.finished_at,
      error: imports.error,
      result: imports.result,
    })
    .from(imports)
    .leftJoin(jobs, eq(jobs.id, imports.job_id))
    .where(eq(imports.id, importId))
    .limit(1);
  return row;
}

export async function setLastImport(db: Db, importId: number) {
  await db.update(rosterSources).set({ last_import_id: importId }).where(eq(rosterSources.id, 1));
}

/** A pull that began at `startedAt` was applied: the next asks for what changed since. */
export async function setLastPullStarted(db: Db, startedAt: Date) {
  await db.update(rosterSources).set({ last_pull_started_at: startedAt }).where(eq(rosterSources.id, 1));
}

/** The nightly run's settings with the school's time zone (one statement: the runner asks it on every check). */
export async function scheduleOfSource(db: Db) {
  const [row] = await db
    .select({
      schedule: rosterSources.schedule,
      last_scheduled_on: rosterSources.last_scheduled_on,
      timezone: sql<string | null>`(select ${settings.value} from ${settings} where ${settings.key} = 'timezone')`,
    })
    .from(rosterSources)
    .where(eq(rosterSources.id, 1))
    .limit(1);
  return row;
}

/**
 * Takes the nightly run of school day `day`: true for the one caller that marks it (whichever instance
 * or job comes first), false when it was taken already.
 */
export async function claimScheduledRun(db: Db, day: string): Promise<boolean> {
  const claimed = await db
    .update(rosterSources)
    .set({ last_scheduled_on: day })
    .where(and(eq(rosterSources.id, 1), or(isNull(rosterSources.last_scheduled_on), ne(rosterSources.last_scheduled_on, day))))
    .returning({ id: rosterSources.id });
  return claimed.length > 0;
}

/** Who is told when the roster source fails: the administrators (staff) and the sysadmins whose accounts are open, with their addresses. */
export async function rosterAlertRecipients(db: Db) {
  const admins = await db
    .select({ user_id: users.id, staff_id: staff.id, email: staff.email, first_name: staff.first_name, last_name: staff.last_name })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.user_id))
    .where(and(eq(staff.administrator, true), isNull(users.disabled_at)));
  const sys = await db
    .select({ user_id: users.id, sysadmin_id: sysadmins.id, email: sysadmins.email, name: sysadmins.name })
    .from(sysadmins)
    .innerJoin(users, eq(users.id, sysadmins.user_id))
    .where(isNull(users.disabled_at));
  return { staff: admins, sysadmins: sys };
}

/** The sync queued or running now, if any: its job and its Imports entry (a nightly run not started yet has none). */
export async function activeSync(db: Db) {
  const [row] = await db
    .select({ job_id: jobs.id, import_id: imports.id })
    .from(jobs)
    .leftJoin(imports, eq(imports.job_id, jobs.id))
    .where(and(eq(jobs.kind, "oneroster_pull"), inArray(jobs.status, ["queued", "running"])))
    .limit(1);
  return row;
}
