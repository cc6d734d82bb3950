import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { studentsByNumber } from "@/db/queries/checkin";
import { insertKiosk, kioskById, kioskTeacher, listKiosks, revokeKiosk, touchKioskByToken, type KioskRow } from "@/db/queries/kiosks";
import { ApiError, notFound } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { hashToken } from "@/lib/auth/tokens.server";
import { takeBucketPlace, giveBucketPlaceBack } from "@/lib/auth/throttle.server";
import { firstNameAndInitial, staffName } from "@/lib/people/names";
import { presentStaffRef } from "@/lib/people/present-person";
import { assertSelfCheckInOpen, presentSelfCheckInDay, recordSelfCheckIn, selfCheckInDay } from "@/lib/checkin/self-check-in.server";
import type { KioskCheckInBody, KioskCreateBody } from "./schemas";
import { kioskToken, newKioskToken } from "./token.server";

function presentKiosk(row: KioskRow) {
  return {
    id: row.id,
    label: row.label,
    staff: presentStaffRef(row.staff),
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}
export type KioskView = ReturnType<typeof presentKiosk>;

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
export async function authenticateKiosk(db: Db, request: Request, now: Date) {
  const token = kioskToken(request);
  const kiosk = token ? await touchKioskByToken(db, hashToken(token), now) : null;
  if (!kiosk) throw new ApiError(401, "invalid_kiosk_token", KIOSK_TOKEN_NEEDED);
  return kiosk;
}
type Kiosk = Awaited<ReturnType<typeof authenticateKiosk>>;

/** GET /api/kiosk: what the kiosk screen shows above the field (its name, the teacher, today's block or null). */
export async function kioskInfo(db: Db, kiosk: Kiosk, now: Date) {
  let today = null;
  try {
    today = presentSelfCheckInDay(await selfCheckInDay(db, now));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
  }
  return { kiosk: { id: kiosk.id, label: kiosk.label }, teacher: { name: staffName(kiosk) }, today };
}

export const KIOSK_NOT_FOUND = "Not found — see your teacher.";

/**
 * Unknown student numbers per kiosk: 20 at once, then one every 15 seconds (4 a minute). A door where
 * a few students mistype never notices; a script walking through numbers from a kiosk's token (mostly
 * misses) is held to 240 an hour. A number found gives its place back.
 */
export const KIOSK_UNKNOWN_BURST = 20;
export const KIOSK_UNKNOWN_DRAIN_SECONDS = 15;
const unknownNumbers = (kioskId: number) => ({
  key: `kiosk:unknown:${kioskId}`,
  capacity: KIOSK_UNKNOWN_BURST,
  drainSeconds: KIOSK_UNKNOWN_DRAIN_SECONDS,
});

/**
 * POST /api/kiosk/check-in: the student with exactly that number (archived students are not found)
 * is checked in to the kiosk's teacher's Focus Block today with method 'air', once. The answer names
 * only that student, by first name and last initial ("Malik P.", with initials and colour for the
 * confirmation): anyone by the door can read it. Each look-up takes a place in the kiosk's bucket of
 * unknown numbers first (so concurrent scans cannot slip past it); past it the kiosk answers 429
 * with Retry-After.
 */
export async function kioskCheckIn(db: Db, kiosk: Kiosk, body: KioskCheckInBody, now: Date) {
  const day = await selfCheckInDay(db, now);
  assertSelfCheckInOpen(day, now);
  const bucket = unknownNumbers(kiosk.id);
  await takeBucketPlace(db, bucket, now);
  const [student] = await studentsByNumber(db, [body.student_number]);
  if (!student) throw new ApiError(404, "student_not_found", KIOSK_NOT_FOUND);
  await giveBucketPlaceBack(db, bucket);
  const teacherName = staffName(kiosk);
  const result = await recordSelfCheckIn(db, day, { staff_id: kiosk.staff_id, checked_in_by: null, teacherName }, student, now);
  return {
    ...result,
    student: { name: firstNameAndInitial(student), initials: student.initials, color: student.color },
    message: result.status === "checked_in" ? `Checked in to ${teacherName}'s Focus Block.` : `Already checked in at ${result.time}.`,
    teacher: { name: teacherName },
  };
}
