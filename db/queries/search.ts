import { asc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { clusters, courses, staff, students } from "../schema";

/** `%text%` with LIKE's own wildcards escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Up to `limit` of each kind whose name contains the text; four statements run side by side. */
export async function searchDirectory(db: Db, text: string, limit: number) {
  const pattern = contains(text);
  return Promise.all([
    db
      .select({ id: students.id, first_name: students.first_name, last_name: students.last_name })
      .from(students)
      .where(
        or(
          ilike(students.first_name, pattern),
          ilike(students.last_name, pattern),
          ilike(sql`${students.first_name} || ' ' || ${students.last_name}`, pattern),
          eq(students.student_number, text),
        ),
      )
      .orderBy(asc(students.last_name), asc(students.first_name))
      .limit(limit),
    db
      .select({ id: staff.id, title: staff.title, first_name: staff.first_name, last_name: staff.last_name })
      .from(staff)
      .where(
        or(
          ilike(staff.first_name, pattern),
          ilike(staff.last_name, pattern),
          ilike(sql`${staff.first_name} || ' ' || ${staff.last_name}`, pattern),
        ),
      )
      .orderBy(asc(staff.last_name), asc(staff.first_name))
      .limit(limit),
    db
      .select({ id: courses.id, name: courses.name, short_name: courses.short_name })
      .from(courses)
      .where(or(ilike(courses.name, pattern), ilike(courses.short_name, pattern)))
      .orderBy(asc(courses.name))
      .limit(limit),
    db
      .select({ id: clusters.id, name: clusters.name })
      .from(clusters)
      .where(sql`${ilike(clusters.name, pattern)} and not ${clusters.hidden}`)
      .orderBy(asc(clusters.name))
      .limit(limit),
  ]);
}
