import "server-only";
import { sql } from "drizzle-orm";
import { staff, users } from "../schema";

/**
 * A staff reference: what every query selects to name a staff member and link to their profile (a
 * plan's teacher, an appointment's, a kiosk's, a cluster's owner, a notification's sender …).
 * lib/people/present-person.ts presentStaffRef turns it into the JSON `{id, name}`.
 */
export const staffRefColumns = {
  id: staff.id,
  title: staff.title,
  first_name: staff.first_name,
  last_name: staff.last_name,
};

/**
 * The same reference as a json object in raw SQL, `a` being the staff table's alias there; `more`
 * adds columns of the same row (a teacher's avatar: "initials", "color").
 */
export const staffRefJson = (a: string, ...more: string[]) =>
  `json_build_object('id', ${a}.id, 'title', ${a}.title, 'first_name', ${a}.first_name, 'last_name', ${a}.last_name${more
    .map((column) => `, '${column}', ${a}.${column}`)
    .join("")})`;

/** The row type of a staff reference. */
export interface StaffRefRow {
  id: number;
  title: string;
  first_name: string;
  last_name: string;
}

/** The reference as json, or null where an outer join found no staff member. */
export const staffRefJsonOrNull = (a: string) =>
  `case when ${a}.id is null then null else ${staffRefJson(a)} end`;

/**
 * A staff member who is still at the school: their account carries no lock (the Credentials Manager's
 * Disable, or the SIS locking someone it no longer lists because they left). Only they are offered to
 * students, placed with, booked with or given plans back. The one rule, in raw SQL with `a` the staff
 * table's alias, and for the `staff` table in a drizzle query.
 */
export const staffStillHereSql = (a: string) =>
  sql.raw(`not exists (select 1 from users acct where acct.id = ${a}.user_id and acct.disabled_at is not null)`);
export const staffStillHere = sql<boolean>`not exists (select 1 from ${users} where ${users.id} = ${staff.user_id} and ${users.disabled_at} is not null)`;
