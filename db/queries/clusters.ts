import "server-only";
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../client";
import { clusterMembers, clusters, staff, students } from "../schema";
import { foldedAsc } from "../schema/columns";
import { studentDisplayFirstName, studentListColumns } from "./people";
import { starredBy } from "./starred";
import { staffRefColumns } from "./staff-ref";

/**
 * Every cluster by name with its member count (pickers: a student's profile, the Power Scheduler);
 * archived students are not counted.
 */
export function listClusters(db: Db) {
  return db
    .select({
      id: clusters.id,
      name: clusters.name,
      hidden: clusters.hidden,
      member_count: count(students.id),
    })
    .from(clusters)
    .leftJoin(clusterMembers, eq(clusterMembers.cluster_id, clusters.id))
    .leftJoin(students, and(eq(students.id, clusterMembers.student_id), isNull(students.archived_at)))
    .groupBy(clusters.id)
    .orderBy(foldedAsc(clusters.name), asc(clusters.id));
}

/** A cluster, its owner, and whether the viewing staff member starred it. */
export async function findCluster(db: Db, id: number, viewerStaffId: number | null = null) {
  const [row] = await db
    .select({
      id: clusters.id,
      name: clusters.name,
      hidden: clusters.hidden,
      starred: starredBy(viewerStaffId, "cluster", clusters.id),
      owner: staffRefColumns,
    })
    .from(clusters)
    .leftJoin(staff, eq(staff.id, clusters.owner_id))
    .where(eq(clusters.id, id))
    .limit(1);
  return row;
}

/** A cluster's members by last name (not archived students: they stay members, hidden until restored). */
export function clusterMemberRows(db: Db, clusterId: number) {
  return db
    .select(studentListColumns)
    .from(clusterMembers)
    .innerJoin(students, eq(students.id, clusterMembers.student_id))
    .where(and(eq(clusterMembers.cluster_id, clusterId), isNull(students.archived_at)))
    .orderBy(foldedAsc(students.last_name), foldedAsc(studentDisplayFirstName), asc(students.id));
}

/** Another cluster with the same name, ignoring case and surrounding spaces. */
export async function clusterNamed(db: Db, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: clusters.id })
    .from(clusters)
    .where(
      and(
        sql`lower(${clusters.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${clusters.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertCluster(db: Db, values: { name: string; owner_id: number | null }) {
  const [row] = await db.insert(clusters).values(values).returning({ id: clusters.id });
  return row!.id;
}

export async function renameCluster(db: Db, id: number, name: string) {
  await db.update(clusters).set({ name }).where(eq(clusters.id, id));
}

export async function deleteCluster(db: Db, id: number) {
  await db.delete(clusters).where(eq(clusters.id, id));
}

/** The students among `ids` that exist, with their login ids (for the audit log) and whether archived. */
export function studentsByIds(db: Db, ids: number[]) {
  return db
    .select({ id: students.id, user_id: students.user_id, archived_at: students.archived_at })
    .from(students)
    .where(inArray(students.id, ids));
}

/** The students whose numbers are among `numbers` (one statement), with their numbers and whether archived. */
export function studentsByNumbers(db: Db, numbers: string[]) {
  return db
    .select({
      id: students.id,
      user_id: students.user_id,
      student_number: students.student_number,
      archived_at: students.archived_at,
    })
    .from(students)
    .where(inArray(students.student_number, numbers));
}

/** Adds members; those already in the cluster stay as they were. Returns the ids actually added. */
export async function addMembers(db: Db, clusterId: number, studentIds: number[]): Promise<number[]> {
  if (studentIds.length === 0) return [];
  const rows = await db
    .insert(clusterMembers)
    // By student id, so two overlapping additions at once take the key locks in one order (no deadlock).
    .values(
      [...studentIds].sort((a, b) => a - b).map((student_id) => ({ cluster_id: clusterId, student_id })),
    )
    .onConflictDoNothing()
    .returning({ student_id: clusterMembers.student_id });
  return rows.map((r) => r.student_id);
}

/** Removes members; returns the ids that were members. */
export async function removeMembers(db: Db, clusterId: number, studentIds: number[]): Promise<number[]> {
  if (studentIds.length === 0) return [];
  const rows = await db
    .delete(clusterMembers)
    .where(and(eq(clusterMembers.cluster_id, clusterId), inArray(clusterMembers.student_id, studentIds)))
    .returning({ student_id: clusterMembers.student_id });
  return rows.map((r) => r.student_id);
}
