import "server-only";
import { randomBytes } from "node:crypto";
import type { Db } from "@/db";
import { airCodeCandidates, airSecretOf, markAirCodeShown } from "@/db/queries/air";
import { studentsById } from "@/db/queries/checkin";
import { ApiError } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { requireStaff } from "@/lib/auth/principal";
import { giveBucketPlaceBack, takeBucketPlace } from "@/lib/auth/throttle.server";
import { staffName } from "@/lib/people/names";
import { AIR_WINDOW_MS, airCode, matchAirCode, normalizeAirCode, windowEnd, windowIndex } from "./air-code";
import type { AirCheckInBody } from "./air-schemas";
import type { AirCheckInAnswer, AirCodeAnswer, SelfCheckInWindow } from "./answers";
import {
  assertSelfCheckInOpen,
  presentSelfCheckInDay,
  recordSelfCheckIn,
  selfCheckInClosed,
  selfCheckInClosedMessage,
  selfCheckInDay,
  type SelfCheckInDay,
} from "./self-check-in.server";

/** The page a code's QR opens: the student's profile with the code filled in. */
export const airCheckInPath = (code: string) => `/profile?air=${encodeURIComponent(code)}`;

/**
 * GET /api/check-in/air-code: the code the teacher's screen shows now for their Focus Block today,
 * when it rotates (`expires_at`), and the block's self check-in window. Reads one row per call; writes
 * only the first time a teacher shows a code on a day. Once the window has closed there is no code:
 * `closed` with the message that says so, with the window's times (a code shown then could only fail).
 */
export async function currentAirCode(db: Db, user: Principal, now: Date): Promise<AirCodeAnswer> {
  const staff = requireStaff(user);
  const day = await selfCheckInDay(db, now);
  if (selfCheckInClosed(day, now)) {
    return {
      closed: true as const,
      message: selfCheckInClosedMessage(day),
      code: null,
      expires_at: null,
      valid_until: null,
      rotate_seconds: AIR_WINDOW_MS / 1000,
      server_time: now.toISOString(),
      check_in_path: null,
      ...presentSelfCheckInDay(day),
    };
  }
  const stored = await airSecretOf(db, staff.id);
  const secret =
    stored && stored.shown_on === day.today
      ? stored.secret
      : await markAirCodeShown(db, staff.id, randomBytes(32).toString("base64url"), day.today);
  const window = windowIndex(now);
  const code = airCode({ secret, staffId: staff.id, date: day.today, blockId: day.block.block_id }, window);
  return {
    closed: false as const,
    message: null,
    code,
    expires_at: windowEnd(window).toISOString(),
    /** The code is still accepted for one more window after it stops being shown. */
    valid_until: windowEnd(window + 1).toISOString(),
    rotate_seconds: AIR_WINDOW_MS / 1000,
    /** The server's clock: the screen counts down from it, so a device whose clock is off still rotates on time. */
    server_time: now.toISOString(),
    check_in_path: airCheckInPath(code),
    ...presentSelfCheckInDay(day),
  };
}

/** 5 wrong codes a minute: a leaky bucket of 5 that drains one place every 12 seconds (successes give theirs back). */
export const AIR_WRONG_CODE_BURST = 5;
export const AIR_WRONG_CODE_DRAIN_SECONDS = 12;
const bucketOf = (studentId: number) => ({
  key: `air-code:student:${studentId}`,
  capacity: AIR_WRONG_CODE_BURST,
  drainSeconds: AIR_WRONG_CODE_DRAIN_SECONDS,
});

export const WRONG_CODE = "That code is not right. Check the code your teacher shows and try again.";
export const EXPIRED_CODE = "That code has expired. Enter the code your teacher shows now.";

/**
 * GET /api/check-in/air: whether a student can check in with a code now, so their page offers "Check in
 * with a code" only then: the setting (`air_check_in`), today's Focus Block's window (null without a
 * block today) and the server's clock, to which the page holds the window's ends. Never an error for a
 * day without a block or with Air Check-in off: those are answers too.
 */
export async function selfCheckInWindow(db: Db, now: Date): Promise<SelfCheckInWindow> {
  const answer = (airCheckIn: boolean, day: SelfCheckInDay | null) => ({
    air_check_in: airCheckIn,
    open: day !== null && now.getTime() >= day.opensAt.getTime() && !selfCheckInClosed(day, now),
    today: day ? presentSelfCheckInDay(day) : null,
    server_time: now.toISOString(),
  });
  try {
    return answer(true, await selfCheckInDay(db, now));
  } catch (error) {
    if (error instanceof ApiError && error.code === "air_check_in_off") return answer(false, null);
    if (error instanceof ApiError && error.code === "no_focus_block") return answer(true, null);
    throw error;
  }
}

/**
 * POST /api/check-in/air {code}: checks the signed-in student in to the Focus Block of the teacher
 * whose screen shows that code, with method 'air', while the block's window is open, once. The
 * attempt takes a place in the student's bucket before the code is compared (as sign-in does), so
 * concurrent guesses cannot slip past the limit; a right code gives its place back.
 */
export async function airCheckIn(db: Db, user: Principal, body: AirCheckInBody, now: Date): Promise<AirCheckInAnswer> {
  const student = user.student;
  if (!student) throw new ApiError(403, "forbidden", "Only students check themselves in with a code.");
  const day = await selfCheckInDay(db, now);
  // Outside the window any code is refused for that, not as a wrong or expired code: before it the student
  // reads when it opens, after it that it closed (the teacher's screen says so too). No code is compared then.
  assertSelfCheckInOpen(day, now);

  const bucket = bucketOf(student.id);
  await takeBucketPlace(db, bucket, now);

  const code = normalizeAirCode(body.code);
  const candidates = code ? await airCodeCandidates(db, day.today) : [];
  const match = code
    ? matchAirCode(
        code,
        candidates.map((c) => ({ ...c, staffId: c.staff_id, date: day.today, blockId: day.block.block_id })),
        now,
      )
    : ({ kind: "wrong" } as const);
  if (match.kind === "wrong") throw new ApiError(422, "wrong_code", WRONG_CODE, { code: [WRONG_CODE] });
  if (match.kind === "expired") throw new ApiError(422, "expired_code", EXPIRED_CODE, { code: [EXPIRED_CODE] });

  await giveBucketPlaceBack(db, bucket);
  assertSelfCheckInOpen(day, now);
  const [row] = await studentsById(db, [student.id]);
  if (!row) throw new ApiError(403, "forbidden", "Only current students check themselves in.");
  const teacherName = staffName(match.subject);
  const result = await recordSelfCheckIn(
    db,
    day,
    { staff_id: match.subject.staff_id, checked_in_by: user.user.id, teacherName },
    row,
    now,
    { via: "air_code" },
  );
  return { ...result, teacher: { name: teacherName } };
}
