import { z } from "zod";
import { dayLabelAnswer } from "@/lib/core/schedule/types";

/**
 * The check-in answers as zod schemas: the presenters' output types are inferred from them, the routes
 * declare them (so the OpenAPI document shows them and the api tests check them), and the screens
 * read their types. No server code here: the browser imports these types.
 */

/** The student inside check-in payloads: enough for an avatar and a name, never the student number. */
export const checkInStudentAnswer = z.object({ id: z.number(), name: z.string(), initials: z.string(), color: z.string() });
export type CheckInStudent = z.infer<typeof checkInStudentAnswer>;

/** `{id, flex, label, start: "9:26 AM", end: "10:06 AM"}`. */
export const checkInBlockAnswer = z.object({
  id: z.number(),
  flex: z.literal(true),
  label: z.string(),
  start: z.string(),
  end: z.string(),
});
export type CheckInBlock = z.infer<typeof checkInBlockAnswer>;

/** How an entry was made, as the screen labels it ("kiosk": a kiosk's code check-in). */
export const ledgerMethodAnswer = z.enum(["manual", "air", "roll-call", "retroactive", "proactive", "kiosk"]);

/** A ledger entry: `{id, time: "9:41 AM", checked_in_at, method, student, staff, by_other_staff}`. */
export const ledgerEntryAnswer = z.object({
  id: z.number(),
  time: z.string(),
  checked_in_at: z.string(),
  method: ledgerMethodAnswer,
  student: checkInStudentAnswer,
  staff: z.object({ id: z.number(), name: z.string() }).nullable(),
  by_other_staff: z.boolean(),
});
export type LedgerEntry = z.infer<typeof ledgerEntryAnswer>;

/** GET /api/check-in/status[/{date}]. */
export const checkInStatusAnswer = z.object({
  date: dayLabelAnswer,
  blocks: z.array(
    z.object({
      block: checkInBlockAnswer,
      planned: z.array(z.object({ id: z.number(), student: checkInStudentAnswer })),
      ledger_entries: z.array(ledgerEntryAnswer),
    }),
  ),
  next: z.string(),
  previous: z.string(),
  today: z.string(),
  focus_block_scheduled: z.boolean(),
});
export type CheckInStatus = z.infer<typeof checkInStatusAnswer>;

/** An already-checked-in item; one someone else recorded also says who and when. */
export const alreadyCheckedInAnswer = z.object({
  value: z.string(),
  student: checkInStudentAnswer,
  /** The existing ledger row; null only if another request recorded it a moment ago and it is not visible yet. */
  entry: ledgerEntryAnswer.nullable(),
  checked_in_by: z.string().nullable().optional(),
  message: z.string().optional(),
});
export type AlreadyWithMessage = z.infer<typeof alreadyCheckedInAnswer>;

/** POST /api/check-in. */
export const checkInAnswer = z.object({
  success: z.array(ledgerEntryAnswer),
  errors: z.array(z.string()),
  already_checked_in: z.array(alreadyCheckedInAnswer),
  timestamp_string: z.string(),
  timestamp: z.string(),
  date: z.string(),
  block: checkInBlockAnswer,
});
export type CheckInAnswer = z.infer<typeof checkInAnswer>;

/** Today's Focus Block and the window in which students check themselves in (a code or a kiosk). */
export const selfCheckInDayAnswer = z.object({
  date: z.string(),
  block: checkInBlockAnswer,
  opens_at: z.string(),
  closes_at: z.string(),
  opens: z.string(),
  closes: z.string(),
});
export type SelfCheckInDayView = z.infer<typeof selfCheckInDayAnswer>;

const airCodeCommon = { rotate_seconds: z.number(), server_time: z.string(), ...selfCheckInDayAnswer.shape };

/** GET /api/check-in/air-code: the code to show now, or (once the window has closed) none and why. */
export const airCodeAnswer = z.discriminatedUnion("closed", [
  z.object({
    closed: z.literal(false),
    message: z.null(),
    code: z.string(),
    expires_at: z.string(),
    valid_until: z.string(),
    check_in_path: z.string(),
    ...airCodeCommon,
  }),
  z.object({
    closed: z.literal(true),
    message: z.string(),
    code: z.null(),
    expires_at: z.null(),
    valid_until: z.null(),
    check_in_path: z.null(),
    ...airCodeCommon,
  }),
]);
export type AirCodeAnswer = z.infer<typeof airCodeAnswer>;

/** GET /api/check-in/air: whether the student can check in with a code now (`today` null without a Focus Block). */
export const selfCheckInWindowAnswer = z.object({
  air_check_in: z.boolean(),
  open: z.boolean(),
  today: selfCheckInDayAnswer.nullable(),
  server_time: z.string(),
});
export type SelfCheckInWindow = z.infer<typeof selfCheckInWindowAnswer>;

/** A student's own check-in (a code or a kiosk): recorded now, or already there (nothing written). */
export const selfCheckInResultAnswer = z.object({
  status: z.enum(["checked_in", "already_checked_in"]),
  message: z.string(),
  student: checkInStudentAnswer,
  /** "9:41 AM": when the student's row (new or existing) says they arrived. */
  time: z.string(),
  block: checkInBlockAnswer,
});
export type SelfCheckInResult = z.infer<typeof selfCheckInResultAnswer>;

/** POST /api/check-in/air: the check-in and whose Focus Block it is in. */
export const airCheckInAnswer = selfCheckInResultAnswer.extend({ teacher: z.object({ name: z.string() }) });
export type AirCheckInAnswer = z.infer<typeof airCheckInAnswer>;

/** GET /api/check-in/elsewhere/{date}: the caller's scanned students whom someone else checked in. */
export const elsewhereListAnswer = z.object({
  date: z.string(),
  can_move: z.boolean(),
  /** The ledger entry, plus who checked the student in ("Ms. Okafor"; null for an administrator). */
  entries: z.array(ledgerEntryAnswer.extend({ checked_in_by: z.string().nullable() })),
});
export type ElsewhereList = z.infer<typeof elsewhereListAnswer>;

/** POST /api/check-in/move: the moved ledger entry. */
export const movedCheckInAnswer = z.object({ moved: z.literal(true), id: z.number(), student_id: z.number() });
export type MovedCheckIn = z.infer<typeof movedCheckInAnswer>;
