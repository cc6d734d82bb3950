/** Students someone else checked in: the caller's list of them, and moving one to the caller. */
import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import {
  elsewhereScansOf,
  lockLedgerEntry,
  moveLedgerEntry,
  settingIsOn,
  settingValue,
} from "@/db/queries/checkin-offline";
import { ApiError, notFound } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { parseSchoolDate, schoolToday } from "@/lib/core/time";
import { presentElsewhereEntry } from "./present";
import { MOVE_SETTING } from "./elsewhere-rules";
import type { ElsewhereList, MovedCheckIn } from "./answers";

export const MOVE_OFF = "Your school does not let teachers move a student checked in by someone else.";
export const ALREADY_YOURS = "That student is already checked in with you.";

/** GET /api/check-in/elsewhere/{date}: the caller's scanned students whom someone else checked in. */
export async function elsewhereList(db: Db, user: Principal, dateInput: string, now: Date): Promise<ElsewhereList> {
  const [timezoneSetting, canMove] = await Promise.all([
    settingValue(db, "timezone"),
    settingIsOn(db, MOVE_SETTING),
  ]);
  const timezone = timezoneSetting || "UTC";
  const date = dateInput === "today" ? schoolToday(timezone, now) : parseSchoolDate(dateInput, timezone);
  if (!date)
    throw new ApiError(422, "invalid", "That date is not valid.", { date: ["That date is not valid."] });
  const rows = await elsewhereScansOf(db, user.user.id, user.staff?.id ?? null, date);
  return {
    date,
    can_move: canMove && user.staff !== null,
    entries: rows.map((row) => presentElsewhereEntry(row, timezone)),
  };
}

/**
 * POST /api/check-in/move: the caller takes over a student someone else checked in, when the school
 * allows it (the `check-in-move` setting, off by default). Audited as `check_in.move`.
 */
export async function moveCheckIn(db: Db, user: Principal, entryId: number): Promise<MovedCheckIn> {
  if (!user.staff) throw new ApiError(403, "not_staff", "Only staff members can move a check-in.");
  const me = user.staff;
  if (!(await settingIsOn(db, MOVE_SETTING))) throw new ApiError(403, "check_in_move_off", MOVE_OFF);
  return db.transaction(async (tx) => {
    const entry = await lockLedgerEntry(tx, entryId);
    if (!entry) throw notFound("That check-in does not exist.");
    if (entry.staff_id === me.id) throw new ApiError(409, "already_yours", ALREADY_YOURS);
    await moveLedgerEntry(tx, entry, { staff_id: me.id, user_id: user.user.id });
    await insertAudit(tx, {
      actor_user_id: user.user.id,
      action: "check_in.move",
      details: {
        check_in_id: entry.id,
        student_id: entry.student_id,
        student: `${entry.student_first_name} ${entry.student_last_name}`,
        date: entry.date,
        from_staff_id: entry.staff_id,
        from_user_id: entry.checked_in_by,
      },
    });
    return { moved: true as const, id: entry.id, student_id: entry.student_id };
  });
}
