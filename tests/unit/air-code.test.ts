/** @jest-environment node */
import {
  AIR_CODE_ALPHABET,
  AIR_WINDOW_MS,
  airCode,
  matchAirCode,
  normalizeAirCode,
  windowEnd,
  windowIndex,
} from "@/lib/checkin/air-code";

// The Air Check-in code: an HMAC of the teacher's secret per 30-second window; the current and the
// previous window are valid, the ten minutes before that "expired", anything else wrong.

const subject = { secret: "s3cret", staffId: 4, date: "2026-03-02", blockId: 2 };
const other = { secret: "other", staffId: 5, date: "2026-03-02", blockId: 2 };
const now = new Date("2026-03-02T17:41:10.000Z");
const current = windowIndex(now);

describe("the Air Check-in code", () => {
  it("rotates every 30 seconds; a window ends where the next begins", () => {
    expect(windowIndex(new Date(AIR_WINDOW_MS * 7))).toBe(7);
    expect(windowIndex(new Date(AIR_WINDOW_MS * 8 - 1))).toBe(7);
    expect(windowEnd(7).getTime()).toBe(AIR_WINDOW_MS * 8);
  });

  it("is 6 characters of the alphabet without look-alikes, the same for the same window", () => {
    const code = airCode(subject, current);
    expect(code).toMatch(new RegExp(`^[${AIR_CODE_ALPHABET}]{6}$`));
    expect(airCode(subject, current)).toBe(code);
    expect(airCode(subject, current + 1)).not.toBe(code);
    expect(airCode({ ...subject, blockId: 3 }, current)).not.toBe(code);
    expect(airCode({ ...subject, staffId: 5 }, current)).not.toBe(code);
    expect(airCode({ ...subject, date: "2026-03-03" }, current)).not.toBe(code);
    expect(airCode({ ...subject, secret: "x" }, current)).not.toBe(code);
  });

  it("uses every character of the alphabet over many windows, and no other", () => {
    const seen = new Set<string>();
    for (let window = 0; window < 200; window++) for (const char of airCode(subject, window)) seen.add(char);
    expect([...seen].sort().join("")).toBe([...AIR_CODE_ALPHABET].sort().join(""));
  });

  it("reads what a person typed: any case, spaces and dashes dropped", () => {
    expect(normalizeAirCode(" acd-e f3 ")).toBe("ACDEF3");
    expect(normalizeAirCode("ACDEF")).toBeNull();
    expect(normalizeAirCode("ACDEF34")).toBeNull();
    expect(normalizeAirCode("ACDEF0")).toBeNull();
    expect(normalizeAirCode("ACDEFO")).toBeNull();
  });
});

describe("matching a typed code", () => {
  it("the current and the previous window are valid, for whichever teacher's code it is", () => {
    expect(matchAirCode(airCode(subject, current), [other, subject], now)).toEqual({ kind: "valid", subject });
    expect(matchAirCode(airCode(subject, current - 1), [other, subject], now)).toEqual({ kind: "valid", subject });
  });

  it("two to twenty windows back is expired; further back, or a window ahead, is wrong", () => {
    expect(matchAirCode(airCode(subject, current - 2), [other, subject], now)).toEqual({ kind: "expired", subject });
    expect(matchAirCode(airCode(subject, current - 20), [subject], now)).toEqual({ kind: "expired", subject });
    expect(matchAirCode(airCode(subject, current - 21), [subject], now)).toEqual({ kind: "wrong" });
    expect(matchAirCode(airCode(subject, current + 1), [subject], now)).toEqual({ kind: "wrong" });
  });

  it("an expired code names whose it was; no candidates or a short code is wrong", () => {
    const code = airCode(subject, current);
    expect(matchAirCode(code, [], now)).toEqual({ kind: "wrong" });
    expect(matchAirCode(code.slice(0, 5), [subject], now)).toEqual({ kind: "wrong" });
    const expiredOther = { ...other, secret: "x" };
    expect(matchAirCode(airCode(expiredOther, current - 3), [expiredOther, subject], now)).toEqual({ kind: "expired", subject: expiredOther });
  });
});
