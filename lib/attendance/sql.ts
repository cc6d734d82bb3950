import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { ATTENDANCE_RULES, OTHERWISE, type BlockFacts } from "./rules";

/**
 * The attendance rules as SQL, generated from the same table the calendar tiles read
 * (lib/attendance/rules.ts): `case when <amended> then 'void' when <logged> then 'attended' … else 'past' end`.
 * The caller gives each fact as a boolean SQL expression over its rows.
 */
export function attendanceStatusSql(facts: Record<keyof BlockFacts, SQL>): SQL {
  const whens = ATTENDANCE_RULES.map((rule) => sql`when ${facts[rule.when]} then ${sql.raw(`'${rule.status}'`)}`);
  return sql`(case ${sql.join(whens, sql` `)} else ${sql.raw(`'${OTHERWISE}'`)} end)`;
}
