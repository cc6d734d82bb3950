import { z } from "zod";
import { clientInstant, hasControlCharacters } from "@/lib/api/schemas";

/** At most this many entries in one check-in (a whole grade's worth with room to spare). */
export const MAX_CHIPS = 2000;
/** Longest accepted entry; student numbers and ids are far shorter. */
export const MAX_CHIP_LENGTH = 64;

export const CHECK_IN_TYPES = ["student_number", "student_id"] as const;
export type CheckInType = (typeof CHECK_IN_TYPES)[number];

/** A chip's value: the typed or scanned text (a number is accepted too, for roll call by id). */
const chipValue = z
  .union([z.string(), z.number().int()], { error: "Each entry needs a value." })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .min(1, "An entry cannot be empty.")
      .max(MAX_CHIP_LENGTH, `An entry can be at most ${MAX_CHIP_LENGTH} characters.`)
      .refine((value) => !hasControlCharacters(value), "An entry contains characters that are not allowed."),
  );

/**
 * When the entry was captured: an ISO instant with a zone, or epoch milliseconds (bounded years; the
 * service then holds it to the school year).
 */
export const checkInChip = z.object({
  value: chipValue,
  timestamp: clientInstant.nullish(),
});

/** POST /api/check-in. */
export const checkInBody = z.object({
  chips: z
    .array(checkInChip, { error: "chips must be a list of entries." })
    .min(1, "Enter at least one student number.")
    .max(MAX_CHIPS, `At most ${MAX_CHIPS} entries can be checked in at once.`),
  type: z
    .enum(CHECK_IN_TYPES, { error: "type must be student_number or student_id." })
    .default("student_number"),
  /** YYYY-MM-DD, an ISO instant or `Mar 20, 2020`; missing means today in the school's zone. */
  date: z.string().max(64, "That date is not valid.").nullish(),
});
export type CheckInBody = z.infer<typeof checkInBody>;
export type CheckInChipInput = z.input<typeof checkInChip>;

/** GET /api/check-in/status/{date}. */
export const checkInStatusParams = z.object({ date: z.string().max(64, "That date is not valid.") });
