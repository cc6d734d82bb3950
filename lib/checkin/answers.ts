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
