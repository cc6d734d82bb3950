import fc from "fast-check";

/**
 * The hostile values the bad-input suite sends: a fixed catalogue (run as fast-check examples, so
 * every route meets every one of them whatever the seed) and generators that wander further.
 */

/** Numbers around the limits of PostgreSQL integers, JavaScript's safe integers and doubles. */
export const EXTREME_NUMBERS: number[] = [
  0,
  -1,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** Dates past what a school calendar, date-fns or PostgreSQL's `date` can hold, and impossible ones. */
export const EXTREME_DATES: string[] = [
  "9999-12-31T23:59:59-12:00",
  "0000-01-01",
  "0000-01-01T00:00:00+14:00",
  "10000-01-01",
  "+010000-01-01T00:00:00Z",
  "-000001-01-01T00:00:00Z",
  "9999-12-31",
  "1899-12-31",
  "3000-01-01",
  "2026-02-30",
  "2026-13-01",
  "Fri Dec 31, 9999",
  "Sat Jan 1, 10000",
  "Mon Jan 1, 0000",
  "1970-01-01T00:00:00Z",
];

// Built from code points so the source stays plain ASCII.
const NUL = String.fromCharCode(0);
const CONTROLS = [1, 7, 8, 11, 12, 27, 127, 133, 159].map((code) => String.fromCharCode(code)).join("");

/** Text: control characters (NUL!), line breaks, unicode that trips byte/char counting, sizes, keys and markup. */
export const HOSTILE_TEXT: string[] = [
  "",
  " ",
  NUL,
  `a${NUL}b`,
  NUL.repeat(8),
  CONTROLS,
  `${String.fromCharCode(27)}[31mred`,
  "line\nbreak\r\n",
  "\u2028\u2029",
  "e\u0301\u0301\u0301",
  "\u{1F600}\u{1F469}\u200D\u{1F469}\u200D\u{1F467}",
  "\u202Etxet",
  "\uD800",
  "\uFEFF",
  "x".repeat(300),
  "\u00FC".repeat(20_000),
  "__proto__",
  "constructor",
  "' OR '1'='1",
  "%00",
  "../../etc/passwd",
  "<script>alert(1)</script>",
];

/** Text that looks like a number to a lenient parser. */
export const NUMBER_TEXT: string[] = [
  "NaN",
  "Infinity",
  "-1",
  "0",
  "2147483648",
  "9007199254740993",
  "99999999999999999999",
  "1e308",
  "0x10",
  " 12 ",
  "12abc",
];

export const HOSTILE_STRINGS: string[] = [...HOSTILE_TEXT, ...NUMBER_TEXT, ...EXTREME_DATES];

const POLLUTERS = ["__proto__", "constructor", "prototype"];

/** Values of the wrong type for any field, and objects that fight the one they land in. */
export const TYPE_CONFUSERS: unknown[] = [
  null,
  true,
  [],
  {},
  JSON.parse('{"__proto__": {"polluted": true}}'),
];

/** Every catalogued JSON value, and some more shapes (what the random runs draw from most). */
export const HOSTILE_JSON: unknown[] = [
  ...TYPE_CONFUSERS,
  false,
  0,
  [null],
  [[[]]],
  { constructor: { prototype: { polluted: true } } },
  ...EXTREME_NUMBERS,
  ...HOSTILE_STRINGS,
];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * The catalogue for one field, by what its valid value looks like: a number meets extreme numbers and
 * number-like text, a date meets extreme dates, any text meets hostile text; every field meets the
 * confusers. Kept short (it runs on every route); the random runs draw from everything.
 */
export function catalogueOf(valid: unknown, asText = false): unknown[] {
  let values: unknown[];
  if (typeof valid === "number" || (typeof valid === "string" && /^\d+$/.test(valid))) {
    values = [-1, 0, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, "2147483648", "99999999999999999999"];
    values.push("1e308", "NaN", " 12 ", "0x10", `1${NUL}`);
  } else if (typeof valid === "string" && ISO_DATE.test(valid)) {
    values = [...EXTREME_DATES.slice(0, 8), "2026-02-30", "Sat Jan 1, 10000", "Mon Jan 1, 0000", `${valid}${NUL}`];
  } else if (typeof valid === "string") {
    values = [...HOSTILE_TEXT.slice(0, 17), "' OR '1'='1", `${valid}${NUL}`, "2147483648", EXTREME_DATES[0]];
  } else {
    values = [false, 1, "x", 2 ** 31];
  }
  values = [...values, ...TYPE_CONFUSERS];
  // Path segments and query values are always text.
  const all = asText ? values.map((value) => (typeof value === "string" ? value : JSON.stringify(value))) : values;
  return [...new Set(all)];
}

/** Whole request bodies that are not the object a route expects. */
export const HOSTILE_BODIES: unknown[] = [
  null,
  0,
  "text",
  [],
  [{}],
  JSON.parse('{"__proto__": {"isAdmin": true}}'),
];

/** Bodies that are not JSON at all (sent as-is). */
export const RAW_BODIES: (string | Uint8Array)[] = [
  "{",
  "{}garbage",
  `{"a": "${NUL}"`,
  "\uFEFF{}",
  "[".repeat(20_000) + "]".repeat(20_000),
  `{"x": "${"y".repeat(300_000)}"}`,
  new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
];

const instants = fc
  .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
  .chain((date) =>
    fc.constantFrom("Z", "+14:00", "-12:00", "+00:00").map((zone) => date.toISOString().replace("Z", zone)),
  );

/** A string with a control character somewhere in a readable one. */
const withControl = fc
  .tuple(fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 31 }), fc.string({ maxLength: 12 }))
  .map(([a, code, b]) => `${a}${String.fromCharCode(code)}${b}`);

/** Random strings for path segments, query values and text fields. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: withControl, weight: 2 },
  { arbitrary: instants, weight: 2 },
  { arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String), weight: 2 },
  { arbitrary: fc.double().map(String), weight: 1 },
);

/** Random JSON values for body fields: any type, with extra weight on the ones that broke routes before. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_JSON), weight: 4 },
  { arbitrary: hostileString, weight: 4 },
  {
    arbitrary: fc.oneof(
      fc.integer(),
      fc.maxSafeInteger(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    ),
    weight: 2,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
  {
    arbitrary: fc.dictionary(fc.constantFrom(...POLLUTERS, "id", ""), fc.jsonValue({ maxDepth: 1 })),
    weight: 1,
  },
);

/** A query string key that no route reads, or one that fights the object it lands in. */
export const strayKey = fc.constantFrom(...POLLUTERS, "toString", "", NUL, "a[]", "x".repeat(2000));
