import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The Air Check-in code (pure rules, no database): 6 characters from an alphabet without look-alikes
 * (no 0/O, 1/I/L, 2/Z, 5/S, 8/B), rotating every 30 seconds. A code is an HMAC of the teacher's
 * secret over (teacher, school date, block, window index), so rotating writes nothing; a code is
 * accepted in its own window and the next one, so a student typing across a rotation still gets in.
 */
export const AIR_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
export const AIR_CODE_LENGTH = 6;
export const AIR_WINDOW_MS = 30_000;
/** How many windows back a code still counts as "expired" rather than "wrong" (10 minutes). */
export const AIR_EXPIRED_LOOKBACK = 20;

export interface AirCodeSubject {
  secret: string;
  staffId: number;
  date: string;
  blockId: number;
}

export const windowIndex = (now: Date) => Math.floor(now.getTime() / AIR_WINDOW_MS);
/** When the window's code stops being the one shown (the next one appears). */
export const windowEnd = (window: number) => new Date((window + 1) * AIR_WINDOW_MS);

/** The code of one window. */
export function airCode(subject: AirCodeSubject, window: number): string {
  const digest = createHmac("sha256", subject.secret)
    .update(`air|${subject.staffId}|${subject.date}|${subject.blockId}|${window}`)
    .digest();
  // 48 bits of the digest, read in base 25: the bias of 2^48 mod 25^6 is below one in a million.
  let value = digest.readUIntBE(0, 6);
  let code = "";
  for (let i = 0; i < AIR_CODE_LENGTH; i++) {
    code += AIR_CODE_ALPHABET[value % AIR_CODE_ALPHABET.length];
    value = Math.floor(value / AIR_CODE_ALPHABET.length);
  }
  return code;
}

/**
 * What a person typed, as a code: upper case, without spaces or dashes. Null when it cannot be a
 * code (wrong length, or a character the alphabet does not have).
 */
export function normalizeAirCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]+/g, "");
  if (code.length !== AIR_CODE_LENGTH) return null;
  for (const char of code) if (!AIR_CODE_ALPHABET.includes(char)) return null;
  return code;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export type AirCodeMatch<T> = { kind: "valid"; subject: T } | { kind: "expired"; subject: T } | { kind: "wrong" };

/**
 * Compares a typed code with each candidate's codes: the current and previous window are valid; the
 * ten minutes before that are "expired" (so the student hears why); anything else is wrong.
 */
export function matchAirCode<T extends AirCodeSubject>(code: string, candidates: readonly T[], now: Date): AirCodeMatch<T> {
  const current = windowIndex(now);
  for (const subject of candidates) {
    if (same(airCode(subject, current), code) || same(airCode(subject, current - 1), code)) {
      return { kind: "valid", subject };
    }
  }
  for (const subject of candidates) {
    for (let back = 2; back <= AIR_EXPIRED_LOOKBACK; back++) {
      if (same(airCode(subject, current - back), code)) return { kind: "expired", subject };
    }
  }
  return { kind: "wrong" };
}
