import "server-only";
import { and, asc, desc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../client";
import { auditLog, staff, students, sysadmins, users } from "../schema";

export type AuditEntry = typeof auditLog.$inferInsert;

/** Records who did what (and to whom) for later review. */
export async function insertAudit(db: Db, entry: AuditEntry) {
  await db.insert(auditLog).values(entry);
}

/** Many entries in one statement (one per account a bulk action touched). */
export async function insertAudits(db: Db, entries: AuditEntry[]) {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(entries);
}

export interface AuditFilter {
  actorUserId?: number;
  action?: string;
  /** Instants: entries at or after `since` and before `until`. */
  since?: Date;
  until?: Date;
}

type Columns<K extends string> = Record<K, AnyPgColumn>;
interface Person {
  user: Columns<"username" | "account_type">;
  staff: Columns<"title" | "first_name" | "last_name" | "administrator">;
  student: Columns<"first_name" | "last_name">;
  sysadmin: Columns<"name">;
}

const actor = {
  user: alias(users, "actor_user"),
  staff: alias(staff, "actor_staff"),
  student: alias(students, "actor_student"),
  sysadmin: alias(sysadmins, "actor_sysadmin"),
};
const target = {
  user: alias(users, "target_user"),
  staff: alias(staff, "target_staff"),
  student: alias(students, "target_student"),
  sysadmin: alias(sysadmins, "target_sysadmin"),
};

/** "Mr. Smith, Jane", "Jane Smith" or a sysadmin's name (as lib/people/names.ts writes them), else the username. */
const nameOf = (p: Person) => sql<string | null>`coalesce(
  ltrim(${p.staff.title} || ' ' || ${p.staff.last_name}) || ', ' || ${p.staff.first_name},
  ${p.student.first_name} || ' ' || ${p.student.last_name}, ${p.sysadmin.name}, ${p.user.username})`;

const personColumns = (p: Person) => ({
  name: nameOf(p),
  username: sql<string | null>`${p.user.username}`,
  account_type: sql<"staff" | "student" | "sysadmin" | null>`${p.user.account_type}`,
  administrator: sql<boolean | null>`${p.staff.administrator}`,
});

function where(filter: AuditFilter) {
  return and(
    filter.actorUserId !== undefined ? eq(auditLog.actor_user_id, filter.actorUserId) : undefined,
    filter.action !== undefined ? eq(auditLog.action, filter.action) : undefined,
    filter.since ? gte(auditLog.created_at, filter.since) : undefined,
    filter.until ? lt(auditLog.created_at, filter.until) : undefined,
  );
}

/** Entries matching the filter, newest first, with who acted and on whom, in one statement. */
export function listAuditEntries(db: Db, filter: AuditFilter, limit: number) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      details: auditLog.details,
      created_at: auditLog.created_at,
      actor_user_id: auditLog.actor_user_id,
      target_user_id: auditLog.target_user_id,
      actor: personColumns(actor),
      target: personColumns(target),
    })
    .from(auditLog)
    .leftJoin(actor.user, eq(actor.user.id, auditLog.actor_user_id))
    .leftJoin(actor.staff, eq(actor.staff.user_id, auditLog.actor_user_id))
    .leftJoin(actor.student, eq(actor.student.user_id, auditLog.actor_user_id))
    .leftJoin(actor.sysadmin, eq(actor.sysadmin.user_id, auditLog.actor_user_id))
    .leftJoin(target.user, eq(target.user.id, auditLog.target_user_id))
    .leftJoin(target.staff, eq(target.staff.user_id, auditLog.target_user_id))
    .leftJoin(target.student, eq(target.student.user_id, auditLog.target_user_id))
    .leftJoin(target.sysadmin, eq(target.sysadmin.user_id, auditLog.target_user_id))
    .where(where(filter))
    .orderBy(desc(auditLog.created_at), desc(auditLog.id))
    .limit(limit);
}

export type AuditEntryRow = Awaited<ReturnType<typeof listAuditEntries>>[number];

/** Everyone who has acted (for the actor filter), by name. */
export function auditActors(db: Db) {
  const name = nameOf(actor);
  return db
    .selectDistinct({ user_id: sql<number>`${auditLog.actor_user_id}`, name })
    .from(auditLog)
    .innerJoin(actor.user, eq(actor.user.id, auditLog.actor_user_id))
    .leftJoin(actor.staff, eq(actor.staff.user_id, auditLog.actor_user_id))
    .leftJoin(actor.student, eq(actor.student.user_id, auditLog.actor_user_id))
    .leftJoin(actor.sysadmin, eq(actor.sysadmin.user_id, auditLog.actor_user_id))
    .where(isNotNull(auditLog.actor_user_id))
    .orderBy(name, sql`${auditLog.actor_user_id}`);
}

/** Every action written so far (for the action filter). */
export function auditActions(db: Db) {
  return db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action));
}
