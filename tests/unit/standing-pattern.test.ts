/** @jest-environment node */
import { chooseUntil, choiceClosedSentence, deadlineOn, deadlineRules } from "@/lib/choice/deadlines";
import { sentenceFor, standingPatternWords } from "@/lib/core/schedule/reason";
import { defaultUntil, matchesPattern } from "@/lib/standing/pattern";
import { schoolInstant } from "@/lib/core/time";

/** A standing choice's pattern, its default last date, its reason; the deadlines' rule. */

const rotation = { day_type: "Day 2", weekday: null, from: "2026-12-01", until: "2026-12-18" };
const tuesdays = { day_type: null, weekday: 2, from: "2026-12-01", until: "2026-12-18" };

describe("matchesPattern", () => {
  it("matches a rotation's day type by the school day's day type, whatever its case, inside the dates", () => {
    expect(matchesPattern(rotation, { date: "2026-12-03", day_type: "Day 2" })).toBe(true);
    expect(matchesPattern(rotation, { date: "2026-12-03", day_type: "day 2" })).toBe(true);
    expect(matchesPattern(rotation, { date: "2026-12-04", day_type: "Day 1" })).toBe(false);
    // A day type changed by hand is the day's own: the date of a Day 2 made a Day 1 no longer matches.
    expect(matchesPattern(rotation, { date: "2026-12-03", day_type: "Day 1" })).toBe(false);
    expect(matchesPattern(rotation, { date: "2026-12-03", day_type: null })).toBe(false);
    expect(matchesPattern(rotation, { date: "2026-11-30", day_type: "Day 2" })).toBe(false);
    expect(matchesPattern(rotation, { date: "2026-12-19", day_type: "Day 2" })).toBe(false);
    expect(matchesPattern(rotation, { date: "2026-12-18", day_type: "Day 2" })).toBe(true);
  });

  it("matches a weekday by the date's own weekday, whatever the day type", () => {
    expect(matchesPattern(tuesdays, { date: "2026-12-08", day_type: "Day 1" })).toBe(true);
    expect(matchesPattern(tuesdays, { date: "2026-12-08", day_type: null })).toBe(true);
    expect(matchesPattern(tuesdays, { date: "2026-12-09", day_type: "Tuesday" })).toBe(false);
    expect(matchesPattern(tuesdays, { date: "2026-12-22", day_type: "Tuesday" })).toBe(false);
  });
});

describe("defaultUntil", () => {
  it("is the term's end, never past the school year, else the year's end, else none", () => {
    expect(defaultUntil({ end: "2027-01-29" }, "2027-06-25")).toBe("2027-01-29");
    expect(defaultUntil({ end: "2027-07-30" }, "2027-06-25")).toBe("2027-06-25");
    expect(defaultUntil(undefined, "2027-06-25")).toBe("2027-06-25");
    expect(defaultUntil(undefined, "")).toBeNull();
  });
});

describe("the standing reason", () => {
  it("reads as the student's usual", () => {
    const reason = { kind: "standing" as const, teacher: { id: 1, name: "Ms. Ruiz, Elena" }, day_type: "Day 2", at: "2026-12-01T16:00:00.000Z" };
    expect(sentenceFor(reason, { viewer: "self", timezone: "UTC" })).toBe("Your usual on Day 2 with Ms. Ruiz.");
    expect(sentenceFor(reason, { viewer: "staff", studentName: "Maya", timezone: "UTC" })).toBe("Maya's usual on Day 2 with Ms. Ruiz.");
    expect(standingPatternWords({ weekday: 2 })).toBe("Tuesdays");
    expect(standingPatternWords({ day_type: null, weekday: 0 })).toBe("Sundays");
  });
});

describe("deadlines", () => {
  const zone = "America/Vancouver";
  const rules = deadlineRules({ choice: "08:00", request: "" }, [
    { date: "2026-12-09", choice_deadline: "2h", request_deadline: null },
    { date: "2026-12-10", choice_deadline: "", request_deadline: "07:00" },
  ]);

  it("takes the day's own before the setting; empty is none of its own, so choosing stays open until the block ends", () => {
    expect(deadlineOn(rules, "choice", "2026-12-08", "09:26:00", zone)).toEqual(schoolInstant("2026-12-08", "08:00", zone));
    expect(deadlineOn(rules, "choice", "2026-12-09", "09:26:00", zone)).toEqual(schoolInstant("2026-12-09", "07:26", zone));
    expect(deadlineOn(rules, "choice", "2026-12-10", "09:26:00", zone)).toBeNull();
    expect(chooseUntil(rules, "2026-12-10", { start: "09:26:00", end: "10:06:00" }, zone)).toEqual(schoolInstant("2026-12-10", "10:06", zone));
    expect(chooseUntil(rules, "2026-12-08", { start: "09:26:00", end: "10:06:00" }, zone)).toEqual(schoolInstant("2026-12-08", "08:00", zone));
    expect(deadlineOn(rules, "request", "2026-12-08", "09:26:00", zone)).toBeNull();
    expect(deadlineOn(rules, "request", "2026-12-09", "09:26:00", zone)).toBeNull();
    expect(deadlineOn(rules, "request", "2026-12-10", "09:26:00", zone)).toEqual(schoolInstant("2026-12-10", "07:00", zone));
  });

  it("says when choosing closed in the school's time", () => {
    expect(choiceClosedSentence(schoolInstant("2026-12-08", "08:00", zone), zone)).toBe("Choosing closed at 08:00 on Tue, Dec 8.");
  });
});
