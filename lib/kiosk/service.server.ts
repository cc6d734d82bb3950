import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import {
  insertKiosk,
  kioskById,
  kioskStudentByNumber,
  kioskTeacher,
  listKiosks,
  revokeKiosk,
  touchKioskByToken,
  type KioskRow,
} from "@/db/queries/kiosks";
import { ApiError, notFound } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { hashToken } from "@/lib/auth/tokens.server";
import { takeBucketPlace, ThrottledError } from "@/lib/auth/throttle.server";
import { firstNameAndInitial, staffName } from "@/lib/people/names";
import { presentStaffRef } from "@/lib/people/present-person";
import {
  assertSelfCheckInOpen,
  presentSelfCheckInDay,
  recordSelfCheckIn,
  selfCheckInDay,
  type SelfCheckInDay,
} from "@/lib/checkin/self-check-in.server";
import { alertKioskTeacher } from "./alert.server";
import type { KioskAlertReason } from "./alert-text";
import type { KioskCheckInBody, KioskCreateBody } from "./schemas";
import { kioskToken, newKioskToken } from "./token.server";
import type { KioskCheckInAnswer, KioskInfo, KioskView } from "./answers";

function presentKiosk(row: KioskRow): KioskView {
  return {
    id: row.id,
    label: row.label,
    staff: presentStaffRef(row.staff),
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}
export type { KioskView };

/** GET /api/kiosks: every kiosk (live ones first) with its teacher and last use. */
export async function kioskList(db: Db) {
  return { kiosks: (await listKiosks(db)).map(presentKiosk) };
}

/**
 * POST /api/kiosks: registers a device for a teacher. The token is answered once (with the one-time
 * setup link that carries it in the URL's fragment, which browsers never send to a server) and only
 * its hash is kept. Audited.
 */
export async function createKiosk(db: Db, user: Principal, body: KioskCreateBody, now: Date) {
  const teacher = await kioskTeacher(db, body.staff_id);
  if (!teacher) throw new ApiError(404, "staff_not_found", "No staff member has that id.");
  const token = newKioskToken();
  const id = await db.transaction(async (tx) => {
    const kioskId = await insertKiosk(tx, {
      label: body.label,
      staff_id: teacher.id,
      token_hash: hashToken(token),
      created_by: user.user.id,
      created_at: now,
    });
    await insertAudit(tx, {
      actor_user_id: user.user.id,
      action: "kiosk.create",
      target_user_id: teacher.user_id,
      details: { kiosk_id: kioskId, label: body.label, teacher: staffName(teacher) },
      created_at: now,
    });
    return kioskId;
  });
  const kiosk = (await kioskById(db, id))!;
  return { kiosk: presentKiosk(kiosk), token, setup_path: `/kiosk#setup=${token}` };
}

/** DELETE /api/kiosks/{id}: revokes the kiosk (its token stops working at once). Audited once; repeating is harmless. */
export async function revokeKioskById(db: Db, user: Principal, id: number, now: Date) {
  const kiosk = await kioskById(db, id);
  if (!kiosk) throw notFound("No kiosk has that id.");
  await db.transaction(async (tx) => {
    if (await revokeKiosk(tx, id, user.user.id, now)) {
      await insertAudit(tx, {
        actor_user_id: user.user.id,
        action: "kiosk.revoke",
        details: { kiosk_id: id, label: kiosk.label, teacher: staffName(kiosk.staff) },
        created_at: now,
      });
    }
  });
  return { kiosk: presentKiosk((await kioskById(db, id))!) };
}

export const KIOSK_TOKEN_NEEDED =
  "This device is not set up as a kiosk, or its kiosk was revoked. Ask an administrator for a new setup link.";

/** The kiosk calling, from `Authorization: Kiosk <token>` (its last use is touched); 401 otherwise. */
export async function authenticateKiosk(db: Db, authorization: string | null, now: Date) {
  const token = kioskToken(authorization);
  const kiosk = token ? await touchKioskByToken(db, hashToken(token), now) : null;
  if (!kiosk) throw new ApiError(401, "invalid_kiosk_token", KIOSK_TOKEN_NEEDED);
  return kiosk;
}
type Kiosk = Awaited<ReturnType<typeof authenticateKiosk>>;

/** GET /api/kiosk: what the kiosk screen shows above the field (its name, the teacher, today's block or null). */
export async function kioskInfo(db: Db, kiosk: Kiosk, now: Date): Promise<KioskInfo> {
  let today: KioskInfo["today"] = null;
  try {
    today = presentSelfCheckInDay(await selfCheckInDay(db, now));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
  }
  return { kiosk: { id: kiosk.id, label: kiosk.label }, teacher: { name: staffName(kiosk) }, today };
}

export const KIOSK_NOT_FOUND = "Not found — see your teacher.";

/**
 * Every number a kiosk sends, found or not: 10 at once, then one a second. A line of students never
 * comes near it (each steps up, types or scans, and reads the answer: a few seconds apiece, and a
 * clump of students arriving together is ten at most); a script typing numbers does at once (the
 * go-live trial's sent 60 in 9.2 s), and its teacher is alerted.
 */
export const KIOSK_RATE_BURST = 10;
export const KIOSK_RATE_DRAIN_SECONDS = 1;
const everyNumber = (kioskId: number) => ({
  key: `kiosk:rate:${kioskId}`,
  capacity: KIOSK_RATE_BURST,
  drainSeconds: KIOSK_RATE_DRAIN_SECONDS,
});

/**
 * Unknown student numbers per kiosk: 20 at once, then one every 15 seconds (4 a minute). Only a miss
 * takes a place, after the look-up, so misses slow only further misses: a student whose number is
 * found is never held back by someone else's mistypes. A door where a few students mistype never
 * notices; a script walking through numbers (mostly misses) is held to 240 misses an hour.
 */
export const KIOSK_UNKNOWN_BURST = 20;
export const KIOSK_UNKNOWN_DRAIN_SECONDS = 15;
const unknownNumbers = (kioskId: number) => ({
  key: `kiosk:unknown:${kioskId}`,
  capacity: KIOSK_UNKNOWN_BURST,
  drainSeconds: KIOSK_UNKNOWN_DRAIN_SECONDS,
});

/** A place in one of the kiosk's buckets; when it is full, the teacher is alerted and the kiosk answers 429. */
async function takeKioskPlace(db: Db, kiosk: Kiosk, reason: KioskAlertReason, day: SelfCheckInDay, now: Date) {
  try {
    await takeBucketPlace(db, reason === "rate" ? everyNumber(kiosk.id) : unknownNumbers(kiosk.id), now);
  } catch (error) {
    if (error instanceof ThrottledError) await alertKioskTeacher(db, kiosk, reason, day.timezone, now);
    throw error;
  }
}

/**
 * POST /api/kiosk/check-in: the student with exactly that number (archived students are not found)
 * is checked in to the kiosk's teacher's Focus Block today with method 'air', once. Each number takes
 * a place in the kiosk's rate first (so concurrent scans cannot slip past it), and a number not found
 * one among its misses; past either the kiosk answers 429 with Retry-After. Anyone by the door can
 * read the answer, so it names the student (first name and last initial, "Malik P.", with initials and
 * colour) only when they are expected with that teacher today (a plan or an appointment); anyone else
 * is checked in without a name (name, initials and colour null), so a kiosk cannot turn numbers into names.
 */
export async function kioskCheckIn(db: Db, kiosk: Kiosk, body: KioskCheckInBody, now: Date): Promise<KioskCheckInAnswer> {
  const day = await selfCheckInDay(db, now);
  assertSelfCheckInOpen(day, now);
  await takeKioskPlace(db, kiosk, "rate", day, now);
  const student = await kioskStudentByNumber(db, body.student_number, {
    staff_id: kiosk.staff_id,
    block_id: day.block.block_id,
    date: day.today,
  });
  if (!student) {
    await takeKioskPlace(db, kiosk, "misses", day, now);
    throw new ApiError(404, "student_not_found", KIOSK_NOT_FOUND);
  }
  const teacherName = staffName(kiosk);
  const result = await recordSelfCheckIn(db, day, { staff_id: kiosk.staff_id, checked_in_by: null, teacherName }, student, now, {
    via: "kiosk",
    details: { kiosk_id: kiosk.id, kiosk: kiosk.label },
  });
  return {
    ...result,
    student: student.expected
      ? { name: firstNameAndInitial(student), initials: student.initials, color: student.color }
      : { name: null, initials: null, color: null },
    message: result.status === "checked_in" ? `Checked in to ${teacherName}'s Focus Block.` : `Already checked in at ${result.time}.`,
    teacher: { name: teacherName },
  };
}
