import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import {
  claimSubmission,
  elsewhereScansOf,
  lockLedgerEntry,
  moveLedgerEntry,
  recordElsewhereScans,
  settingIsOn,
  settingValue,
  storeSubmissionResponse,
} from "@/db/queries/checkin-offline";
import { ApiError, notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import { parseSchoolDate, schoolToday } from "@/lib/time";
import { presentLedgerEntry } from "./present";
import { checkIn, type CheckInResult } from "./service";
import type { CheckInSubmitBody } from "./offline-schemas";
import { MOVE_SETTING, alreadyCheckedInMessage, shortStaffName } from "./elsewhere-rules";

export const MOVE_OFF = "Your school does not let teachers move a student checked in by someone else.";
export const ALREADY_YOURS = "That student is already checked in with you.";
export const SUBMISSION_TAKEN = "That submission id belongs to another account.";

type AlreadyItem = CheckInResult["already_checked_in"][number];
/** An already-checked-in item; one someone else recorded also says who and when. */
export type AlreadyWithMessage = AlreadyItem & { checked_in_by?: string | null; message?: string };
export type CheckInAnswer = Omit<CheckInResult, "already_checked_in"> & { already_checked_in: AlreadyWithMessage[] };

/**
 * Students already checked in by someone else: remembered for the caller's Checked In list
 * ("checked in elsewhere") and explained: "Malik Patel was already checked in by Ms. Okafor at 10:04 AM".
 */
async function explainElsewhere(db: Db, user: Principal, result: CheckInResult): Promise<CheckInAnswer> {
  const elsewhere = result.already_checked_in.filter((item) => item.entry?.by_other_staff);
  if (elsewhere.length === 0) return result;
  const checkerIds = [...new Set(elsewhere.flatMap((item) => (item.entry?.staff ? [item.entry.staff.id] : [])))];
  const checkers = await recordElsewhereScans(
    db,
    { user_id: user.user.id, block_id: result.block.id, date: result.date },
    elsewhere.map((item) => item.student.id),
    checkerIds,
  );
  const names = new Map(checkers.map((c) => [c.id, shortStaffName(c)]));
  return {
    ...result,
    already_checked_in: result.already_checked_in.map((item) => {
      if (!item.entry?.by_other_staff) return item;
      const by = item.entry.staff ? (names.get(item.entry.staff.id) ?? item.entry.staff.name) : null;
      return { ...item, checked_in_by: by, message: alreadyCheckedInMessage(item.student.name, by, item.entry.time, item.entry.method) };
    }),
  };
}

/**
 * POST /api/check-in with an optional client-generated `submission_id`: the first request with an id
 * checks in and stores its answer in the same transaction; any repeat (a retry after a lost answer,
 * or a concurrent duplicate, which waits on the id's row) gets that stored answer and records nothing.
 * A request that fails (4xx) stores nothing, so its retry is judged afresh.
 */
export async function checkInOnce(db: Db, user: Principal, body: CheckInSubmitBody, now: Date): Promise<CheckInAnswer> {
  const { submission_id: submissionId, ...request } = body;
  if (!submissionId) return explainElsewhere(db, user, await checkIn(db, user, request, now));
  return db.transaction(async (tx) => {
    const existing = await claimSubmission(tx, submissionId, user.user.id);
    if (existing) {
      if (existing.user_id !== user.user.id) throw new ApiError(409, "submission_taken", SUBMISSION_TAKEN);
      return existing.response as unknown as CheckInAnswer;
    }
    const answer = await explainElsewhere(tx, user, await checkIn(tx, user, request, now));
    await storeSubmissionResponse(tx, submissionId, answer as unknown as Record<string, unknown>);
    return answer;
  });
}

/** GET /api/check-in/elsewhere/{date}: the caller's scanned students whom someone else checked in. */
export async function elsewhereList(db: Db, user: Principal, dateInput: string, now: Date) {
  const [timezoneSetting, canMove] = await Promise.all([settingValue(db, "timezone"), settingIsOn(db, MOVE_SETTING)]);
  const timezone = timezoneSetting || "UTC";
  const date = dateInput === "today" ? schoolToday(timezone, now) : parseSchoolDate(dateInput, timezone);
  if (!date) throw new ApiError(422, "invalid", "That date is not valid.", { date: ["That date is not valid."] });
  const rows = await elsewhereScansOf(db, user.user.id, user.staff?.id ?? null, date);
  return {
    date,
    can_move: canMove && user.staff !== null,
    entries: rows.map((row) => ({
      ...presentLedgerEntry(
        {
          id: row.entry_id,
          method: row.method as Parameters<typeof presentLedgerEntry>[0]["method"],
          checked_in_at: row.checked_in_at,
          staff_id: row.staff?.id ?? null,
          checked_in_by: null,
          student: { ...row.student, student_number: "" },
          staff: row.staff,
        },
        timezone,
        true,
      ),
      checked_in_by: row.staff ? shortStaffName(row.staff) : null,
    })),
  };
}

/**
 * POST /api/check-in/move: the caller takes over a student someone else checked in, when the school
 * allows it (the `check-in-move` setting, off by default). Audited as `check_in.move`.
 */
export async function moveCheckIn(db: Db, user: Principal, entryId: number) {
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
    return { moved: true, id: entry.id, student_id: entry.student_id };
  });
}
