import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { rows } from "./placement";

/** Who a teacher's block message reaches (lib/choice/block-message.server.ts), and how often they sent one. */

export interface BlockMessageRecipient {
  student_id: number;
  user_id: number | null;
  email: string | null;
  first_name: string;
  last_name: string;
  /** The language the student chose (users.locale), or null. */
  locale: string | null;
}

/**
 * The current students planned with the teacher for the block and date, booked with them there, and
 * (when asked) on their waitlist; each once.
 */
export function blockMessageRecipients(
  db: Db,
  input: { staff_id: number; block_id: number; date: string; include_waitlist: boolean },
): Promise<BlockMessageRecipient[]> {
  const waitlist = input.include_waitlist
    ? sql`union select w.student_id from waitlist_entries w
        where w.staff_id = ${input.staff_id}::integer and w.block_id = ${input.block_id}::integer and w.date = ${input.date}::date`
    : sql``;
  return rows<BlockMessageRecipient>(
    db,
    sql`with ids as (
      select p.student_id from plans p
        where p.staff_id = ${input.staff_id}::integer and p.block_id = ${input.block_id}::integer and p.date = ${input.date}::date
      union select a.student_id from appointments a
        where a.staff_id = ${input.staff_id}::integer and a.block_id = ${input.block_id}::integer and a.date = ${input.date}::date
      ${waitlist}
    )
    select s.id as student_id, s.user_id, s.email, coalesce(nullif(s.preferred_first_name, ''), s.first_name) as first_name, s.last_name,
      (select u.locale from users u where u.id = s.user_id) as locale
    from students s join ids on ids.student_id = s.id where s.archived_at is null order by s.id`,
  );
}

/** When the teacher's block messages since `since` were sent (oldest first): the throttle counts them. */
export async function blockMessagesSince(db: Db, staffId: number, since: Date): Promise<Date[]> {
  const found = await rows<{ created_at: string }>(
    db,
    sql`select created_at from audit_log where action = 'block_message.send' and details->>'staff_id' = ${String(staffId)}
      and created_at >= ${since.toISOString()}::timestamptz order by created_at`,
  );
  return found.map((row) => new Date(row.created_at));
}
