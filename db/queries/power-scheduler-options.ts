import "server-only";
import { asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../client";
import { clusters, staff, students } from "../schema";
import { foldedAsc } from "../schema/columns";
import { studentDisplayFirstName } from "./people";
import { staffRefColumns, staffStillHere } from "./staff-ref";

/** What the Power Scheduler's steps choose from (one statement each, whatever the school's size). */

/** Current students with the ids of their clusters, by last then first name. */
export function studentsWithClusters(db: Db) {
  return db
    .select({
      id: students.id,
      first_name: studentDisplayFirstName,
      last_name: students.last_name,
      grade: students.grade,
      cluster_ids: sql<number[]>`coalesce((select array_agg(cm.cluster_id order by cm.cluster_id)
        from cluster_members cm where cm.student_id = students.id), '{}')`,
    })
    .from(students)
    .where(isNull(students.archived_at))
    .orderBy(foldedAsc(students.last_name), foldedAsc(studentDisplayFirstName), asc(students.id));
}

/** Clusters to pick students by (hidden ones left out). */
export function visibleClusters(db: Db) {
  return db
    .select({ id: clusters.id, name: clusters.name })
    .from(clusters)
    .where(eq(clusters.hidden, false))
    .orderBy(foldedAsc(clusters.name), asc(clusters.id));
}

/** Staff for the one-choice radio table (last name, first name, email): those still at the school. */
export function staffChoices(db: Db) {
  return db
    .select({
      ...staffRefColumns,
      email: staff.email,
      capacity: staff.capacity,
    })
    .from(staff)
    .where(staffStillHere)
    .orderBy(foldedAsc(staff.last_name), foldedAsc(staff.first_name), asc(staff.id));
}
