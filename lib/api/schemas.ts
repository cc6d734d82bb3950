import { z } from "zod";
import { parseSchoolDate } from "@/lib/core/time";

/**
 * The zod building blocks every domain schema uses for ids, dates and text, so that the bounds the
 * database and date library need (32-bit ids, four-digit years, no control characters) live in one place.
 */

/** The largest value of a PostgreSQL `integer` (serial ids). */
export const MAX_ID = 2_147_483_647;

/** Numbers, or strings of digits (path segments, form fields); nothing else is coerced. */
export const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && /^\s*-?\d{1,20}\s*$/.test(value) ? Number(value) : value), schema);

/** A row id: a positive 32-bit integer, given as a number or a string of digits. */
export const idOf = (what: string) =>
  numeric(
    z
      .number({ error: `A valid ${what} is required.` })
      .int({ error: `A valid ${what} is required.` })
      .positive({ error: `A valid ${what} is required.` })
      .max(MAX_ID, { error: `A valid ${what} is required.` }),
  );

export const id = idOf("id");

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. NUL breaks PostgreSQL text. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LINE_BREAKS = /[\r\n\u2028\u2029]/;
/** Half a surrogate pair: not Unicode text; JSON.stringify writes it as `\ud800`, which jsonb refuses. */
const UNPAIRED_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const notAllowed = (value: string) => CONTROL_CHARACTERS.test(value) || UNPAIRED_SURROGATES.test(value);

interface TextOptions {
  /** Field name for the messages ("The memo …"). */
  label?: string;
  max: number;
  min?: number;
  /** Allow line feeds and tabs (memos, messages, wiki posts). */
  multiline?: boolean;
  /** Keep surrounding white space (passwords). */
  keepSpaces?: boolean;
  /** Message when the value is missing or not text (default "<label> must be text."). */
  required?: string;
  /** Message when the value is shorter than `min` (default "This field cannot be empty." for min 1). */
  tooShort?: string;
}

/** A string a person typed: trimmed, length-bounded, and never carrying control characters. */
export function text({
  label = "This field",
  max,
  min = 0,
  multiline = false,
  keepSpaces = false,
  required,
  tooShort,
}: TextOptions) {
  const base = z.string({ error: required ?? `${label} must be text.` });
  const trimmed = keepSpaces ? base : base.trim();
  let schema = trimmed
    .max(max, { error: `${label} can be at most ${max} characters.` })
    .refine((value) => !notAllowed(value), { error: `${label} contains characters that are not allowed.` });
  if (!multiline) {
    schema = schema.refine((value) => !LINE_BREAKS.test(value), { error: `${label} must be on one line.` });
  }
  if (min > 0) {
    schema = schema.refine((value) => value.length >= min, {
      error: tooShort ?? (min === 1 ? "This field cannot be empty." : `${label} must be at least ${min} characters.`),
    });
  }
  return schema;
}

/** True when a string holds a control character (used where a schema cannot be, e.g. CSV cells). */
export const hasControlCharacters = (value: string) => notAllowed(value);

/**
 * Invisible characters that can make one person's name read as another's: bidirectional embeddings,
 * overrides, isolates and marks (U+202A–202E, U+2066–2069, U+200E/200F, U+061C), and zero-width spaces,
 * word joiners and byte-order marks (U+200B, U+2060–2064, U+FEFF, U+180E). Zero-width (non-)joiners
 * (U+200C/200D) stay: Persian, Indic and other scripts spell names with them.
 */
const DECEPTIVE_CHARACTERS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u2060-\u2064\uFEFF\u180E]/;
export const hasDeceptiveCharacters = (value: string) => DECEPTIVE_CHARACTERS.test(value);
export const DECEPTIVE_NAME_MESSAGE = "contains invisible characters that are not allowed in a name.";

/** A person's name or a part of it: text on one line, with no character that could disguise it. */
export function personName(label: string, max = 100) {
  return text({ label, max, min: 1 }).refine((value) => !hasDeceptiveCharacters(value), {
    error: `${label} ${DECEPTIVE_NAME_MESSAGE}`,
  });
}

/**
 * A date as a request may send it: `YYYY-MM-DD`, an ISO instant with an offset, or `Fri Mar 20, 2020`.
 * It stays a string (services turn it into a school date in the school's zone), but it must be one
 * of those forms and fall in the years 1900–2999 wherever the zone puts it.
 */
export const schoolDate = z
  .string({ error: "A date is required." })
  .trim()
  .min(1, { error: "A date is required." })
  .max(64, { error: "Enter a valid date." })
  .refine((value) => parseSchoolDate(value, "UTC") !== null, { error: "Enter a valid date." });

/** An instant the client reports (ISO 8601 with a zone, or epoch milliseconds), within 1970–2999. */
export const clientInstant = z
  .union([z.iso.datetime({ offset: true }), z.number().int().nonnegative().max(32_503_680_000_000, { error: "A timestamp must be a valid date-time." })], {
    error: "A timestamp must be an ISO date-time with a time zone.",
  })
  .transform((value) => new Date(value))
  .refine((value) => !Number.isNaN(value.getTime()) && value.getUTCFullYear() >= 1970 && value.getUTCFullYear() <= 2999, {
    error: "A timestamp must be a valid date-time.",
  });
