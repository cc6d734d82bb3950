import "server-only";
import type { Db } from "@/db";
import { lockStaff, lockStaffMany } from "@/db/queries/plans";
import type { Principal } from "@/lib/auth/principal";
import { updateStaffMember, updateStaffMembersBulk } from "@/lib/people/admin.server";
import type { StaffBulkBody, StaffUpdateBody } from "@/lib/people/schemas";
import type { StaffBulkAnswer, StaffListItem } from "@/lib/people/answers";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import { handOnCapacityChange } from "./waitlist.server";

/**
 * An administrator's capacity edits (PUT /api/staff/{id}, POST /api/staff/bulk) hand seats on in the
 * edit's own transaction, as the teacher's own change does: a raised capacity places the first on each
 * waitlist, a lowered one puts the last placed back at the front of it. The teachers' rows are locked
 * first, by id, in the lock order of every plan write; the edit itself (lib/people/admin.server.ts)
 * runs inside that transaction and keeps its own rules and audit.
 */

export async function updateStaffMemberAndHandOn(
  db: Db,
  principal: Principal,
  id: number,
  body: StaffUpdateBody,
  now: Date,
): Promise<StaffListItem> {
  return db.transaction(async (tx) => {
    const before = body.capacity === undefined ? undefined : await lockStaff(tx, id);
    const item = await updateStaffMember(tx, principal, id, body);
    if (before && body.capacity !== undefined)
      await handOnCapacityChange(tx, before, before.capacity, body.capacity, now);
    return item;
  });
}

export async function updateStaffMembersBulkAndHandOn(
  db: Db,
  principal: Principal,
  body: StaffBulkBody,
  now: Date,
): Promise<StaffBulkAnswer> {
  return db.transaction(async (tx) => {
    const before = body.capacity === undefined ? [] : await lockStaffMany(tx, [...new Set(body.ids)]);
    const answer = await updateStaffMembersBulk(tx, principal, body);
    const changed = before.filter((teacher) => teacher.capacity !== body.capacity);
    // The calendar read once for the whole batch, not once per teacher.
    const calendar = changed.length > 0 ? await schoolCalendarSettings(tx) : null;
    for (const teacher of changed) {
      await handOnCapacityChange(tx, teacher, teacher.capacity, body.capacity!, now, { calendar: calendar! });
    }
    return answer;
  });
}
