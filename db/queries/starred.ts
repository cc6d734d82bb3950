import "server-only";
import { and, eq, inArray, isNull, sql, type AnyColumn } from "drizzle-orm";
import type { Db } from "../client";
import { clusters, courses, staff, stars, students } from "../schema";

export type StarItemType = (typeof stars.$inferSelect)["item_type"];

/** A select's column: whether the viewing staff member starred the item (false when no staff member views). */
export function starredBy(viewerStaffId: number | null, itemType: StarItemType, itemId: AnyColumn) {
  return viewerStaffId === null
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from ${stars} where ${stars.staff_id} = ${viewerStaffId}
        and ${stars.item_type} = ${itemType} and ${stars.item_id} = ${itemId})`;
}

export async function starsOf(db: Db, staffId: number) {
  return db.select().from(stars).where(eq(stars.staff_id, staffId)).orderBy(stars.created_at, stars.id);
}

export async function insertStar(db: Db, values: { staff_id: number; item_type: StarItemType; item_id: number }) {
  await db.insert(stars).values(values).onConflictDoNothing();
}

export async function deleteStar(db: Db, values: { staff_id: number; item_type: StarItemType; item_id: number }) {
  await db
    .delete(stars)
    .where(
      and(eq(stars.staff_id, values.staff_id), eq(stars.item_type, values.item_type), eq(stars.item_id, values.item_id)),
    );
}

/** The rows starred items point at, one query per item type that occurs. */
export async function starTargets(db: Db, ids: Record<StarItemType, number[]>) {
  const none = Promise.resolve([]);
  const [studentRows, staffRows, courseRows, clusterRows] = await Promise.all([
    // Archived students (who left) drop out of the list like deleted items; the star comes back on restore.
    ids.student.length
      ? db.select().from(students).where(and(inArray(students.id, ids.student), isNull(students.archived_at)))
      : none,
    ids.staff.length ? db.select().from(staff).where(inArray(staff.id, ids.staff)) : none,
    ids.course.length ? db.select().from(courses).where(inArray(courses.id, ids.course)) : none,
    ids.cluster.length ? db.select().from(clusters).where(inArray(clusters.id, ids.cluster)) : none,
  ]);
  return { student: studentRows, staff: staffRows, course: courseRows, cluster: clusterRows };
}
