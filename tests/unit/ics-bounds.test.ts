/** @jest-environment node */
import ICAL from "ical.js";
import { bounded, ExpansionBudget, ExpansionBudgetSpent, stopAfter } from "@/lib/calendar/ics-bounds";

/**
 * The bound on ical.js's recurrence work (lib/calendar/ics-bounds.ts): a budget of inner steps inside
 * `bounded()` only, and iterators that stop looking past a given date.
 */

/** An event of `lines` (DTSTART, RRULE …) as ical.js reads it. */
function event(...lines: string[]) {
  const text = ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:bounds-test", ...lines, "END:VEVENT", "END:VCALENDAR"].join("\r\n");
  const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return new ICAL.Event(root.getFirstSubcomponent("vevent")!);
}

/** The first `count` dates (YYYY-MM-DD) an expansion hands back. */
function firstDates(expansion: InstanceType<typeof ICAL.RecurExpansion>, count: number): string[] {
  const dates: string[] = [];
  for (let i = 0; i < count; i++) {
    const next = expansion.next();
    if (!next) break;
    dates.push(next.toString().slice(0, 10));
  }
  return dates;
}

describe("ExpansionBudget", () => {
  it("allows exactly maxSteps steps and throws on the one after", () => {
    const budget = new ExpansionBudget(2);
    budget.spend();
    budget.spend();
    expect(budget.steps).toBe(2);
    expect(() => budget.spend()).toThrow(ExpansionBudgetSpent);
  });

  it("throws an error named for what it is, so a caller can tell it from ical.js's own", () => {
    const error = new ExpansionBudgetSpent();
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ExpansionBudgetSpent");
    expect(error.message).not.toBe("");
  });
});

describe("bounded", () => {
  it("ends a rule that never finds its next occurrence (a daily rule for February 30)", () => {
    const impossible = event("DTSTART;VALUE=DATE:20270101", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30");
    const budget = new ExpansionBudget(5_000);
    const expansion = impossible.iterator();
    expect(() => bounded(budget, () => expansion.next() && expansion.next())).toThrow(ExpansionBudgetSpent);
    expect(budget.steps).toBe(5_001);
  });

  it("spends from the budget only inside bounded(), and gives the outer budget back when nested", () => {
    const daily = event("DTSTART;VALUE=DATE:20270101", "RRULE:FREQ=DAILY;BYDAY=MO");
    const outer = new ExpansionBudget(1_000_000);
    const inner = new ExpansionBudget(1_000_000);
    // Outside bounded() ical.js runs as shipped: no budget, no error.
    expect(firstDates(daily.iterator(), 3)).toEqual(["2027-01-01", "2027-01-04", "2027-01-11"]);
    bounded(outer, () => {
      firstDates(daily.iterator(), 2);
      const before = outer.steps;
      expect(before).toBeGreaterThan(0);
      bounded(inner, () => firstDates(daily.iterator(), 2));
      expect(inner.steps).toBeGreaterThan(0);
      expect(outer.steps).toBe(before);
      firstDates(daily.iterator(), 2);
      expect(outer.steps).toBeGreaterThan(before);
    });
    const [outerSteps, innerSteps] = [outer.steps, inner.steps];
    firstDates(daily.iterator(), 3);
    expect([outer.steps, inner.steps]).toEqual([outerSteps, innerSteps]);
  });

  it("gives the outer budget back when the work throws", () => {
    const budget = new ExpansionBudget(1);
    const daily = event("DTSTART;VALUE=DATE:20270104", "RRULE:FREQ=DAILY;BYDAY=MO");
    expect(() => bounded(budget, () => firstDates(daily.iterator(), 3))).toThrow(ExpansionBudgetSpent);
    expect(firstDates(daily.iterator(), 2)).toEqual(["2027-01-04", "2027-01-11"]);
  });

  it("counts the years a yearly rule looks at", () => {
    const yearly = event("DTSTART;VALUE=DATE:20280229", "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29");
    const budget = new ExpansionBudget(1_000_000);
    expect(bounded(budget, () => firstDates(yearly.iterator(), 2))).toEqual(["2028-02-29", "2032-02-29"]);
    expect(budget.steps).toBeGreaterThan(0);
  });
});

describe("stopAfter", () => {
  it("hands back the first day past the date as the series' end, whatever the rule says of it", () => {
    // Mondays from Monday January 4; the date is Wednesday January 13.
    const mondays = event("DTSTART;VALUE=DATE:20270104", "RRULE:FREQ=DAILY;BYDAY=MO");
    const expansion = mondays.iterator();
    stopAfter(expansion, "2027-01-13");
    expect(firstDates(expansion, 3)).toEqual(["2027-01-04", "2027-01-11", "2027-01-14"]);
  });

  it("compares whole dates across months and years", () => {
    const mondays = event("DTSTART;VALUE=DATE:20261228", "RRULE:FREQ=DAILY;BYDAY=MO");
    const expansion = mondays.iterator();
    stopAfter(expansion, "2026-12-30");
    expect(firstDates(expansion, 2)).toEqual(["2026-12-28", "2026-12-31"]);
    const late = event("DTSTART;VALUE=DATE:20270104", "RRULE:FREQ=DAILY;BYDAY=MO");
    const later = late.iterator();
    stopAfter(later, "2027-01-31");
    expect(firstDates(later, 6)).toEqual(["2027-01-04", "2027-01-11", "2027-01-18", "2027-01-25", "2027-02-01", "2027-02-02"]);
  });

  it("ends a rule that would never find an occurrence once it is past the date", () => {
    const impossible = event("DTSTART;VALUE=DATE:20270101", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30");
    const expansion = impossible.iterator();
    stopAfter(expansion, "2027-01-05");
    const budget = new ExpansionBudget(1_000);
    expect(bounded(budget, () => firstDates(expansion, 2))).toEqual(["2027-01-01", "2027-01-06"]);
  });
});
