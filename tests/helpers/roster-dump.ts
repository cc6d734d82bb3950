import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { resultRows } from "@/db/queries/checkin";

/** Every table a roster import touches, as rows in a stable order (an import that writes nothing leaves it equal). */
export async function rosterDump(db: Db) {
  const q = async (text: string) => resultRows(await db.execute(sql.raw(text)));
  return {
    users: await q("select id, username, account_type, disabled_at from users order by id"),
    students: await q("select * from students order by id"),
    staff: await q("select * from staff order by id"),
    terms: await q("select * from terms order by id"),
    courses: await q("select * from courses order by id"),
    sections: await q("select * from sections order by id"),
    teachers: await q("select * from section_teachers order by section_id, staff_id"),
    meetings: await q("select * from section_meetings order by id"),
    enrollments: await q("select * from enrollments order by id"),
    // The school year an import may set (and the days it makes).
    year: await q("select key, value from settings where key in ('start_datetime', 'end_datetime', 'attendance_from') order by key"),
    schoolDays: await q("select count(*)::int as n, min(date)::text as first, max(date)::text as last from school_days"),
  };
}
