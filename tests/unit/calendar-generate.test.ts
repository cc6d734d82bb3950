/** @jest-environment node */
import fc from "fast-check";
import {
  continuedPosition,
  generateSchoolDays,
  includedWeekdays,
  meetingsFor,
  type CalendarInputs,
  type Override,
  type TimetableVersion,
} from "@/lib/calendar/generate";
import { addDays, dayOfWeek } from "@/lib/core/time";

/** The school calendar's generator (docs/design/calendar.md): weekly and rotating cycles, days off, overrides, versions. */

const START = "2026-09-08"; // a Tuesday
const END = "2027-06-25";
const MON_FRI = new Set([1, 2, 3, 4, 5]);

function rotation(dayTypes: string[], extra: Partial<TimetableVersion> = {}): TimetableVersion {
  return {
    effective_from: START,
    cycle_kind: "rotation",
    day_types: dayTypes,
    first_day_type: null,
    meetings: new Map(
      dayTypes.map((type, i) => [
        type,
        [
          { block_id: 100 + i, start: "08:30", end: "09:50" },
          { block_id: 1, start: "10:00", end: "10:40" },
        ],
      ]),
    ),
    bell_schedules: new Map(),
    ...extra,
  };
}

function inputs(rest: Partial<CalendarInputs>): CalendarInputs {
  return {
    yearStart: START,
    yearEnd: END,
    includeDays: MON_FRI,
    timetables: [rotation(["Day 1", "Day 2"])],
    noBlockDates: new Set(),
    overrides: new Map(),
    kept: new Map(),
    ...rest,
  };
}

const yearDates = (() => {
  const dates: string[] = [];
  for (let d = START; d <= END; d = addDays(d, 1)) dates.push(d);
  return dates;
})();
const weekdayDates = yearDates.filter((d) => MON_FRI.has(dayOfWeek(d)));

describe("generateSchoolDays: a Day 1 / Day 2 rotation", () => {
  it("alternates over weekdays only, starting on Day 1, and gives each day its blocks", () => {
    const days = generateSchoolDays(inputs({}));
    expect(days).toHaveLength(yearDates.length);
    const inSession = days.filter((d) => d.in_session);
    expect(inSession.map((d) => d.date)).toEqual(weekdayDates);
    expect(inSession.slice(0, 4).map((d) => [d.date, d.day_type])).toEqual([
      ["2026-09-08", "Day 1"],
      ["2026-09-09", "Day 2"],
      ["2026-09-10", "Day 1"],
      ["2026-09-11", "Day 2"],
    ]);
    // Monday 14 September continues from Friday's Day 2: a weekly rule would drift here.
    expect(days.find((d) => d.date === "2026-09-14")?.day_type).toBe("Day 1");
    expect(days.find((d) => d.date === "2026-09-09")?.occurrences.map((o) => o.block_id)).toEqual([101, 1]);
    expect(days.filter((d) => !d.in_session).every((d) => d.occurrences.length === 0 && d.day_type === null)).toBe(true);
  });

  it("property: the rotation skips exactly the days without school", () => {
    const candidates = weekdayDates.slice(0, 120);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...candidates), { maxLength: 30 }),
        fc.integer({ min: 1, max: 8 }),
        (holidays, n) => {
          const types = Array.from({ length: n }, (_, i) => `Day ${i + 1}`);
          const days = generateSchoolDays(
            inputs({ timetables: [rotation(types)], noBlockDates: new Set(holidays), yearEnd: candidates.at(-1)! }),
          );
          const off = new Set(holidays);
          const inSession = days.filter((d) => d.in_session);
          // In session: every weekday that is not a holiday, and nothing else.
          expect(inSession.map((d) => d.date)).toEqual(candidates.filter((d) => !off.has(d)));
          // The k-th day in session is day type k mod n: holidays and weekends never consume a day type.
          inSession.forEach((d, k) => expect(d.day_type).toBe(types[k % n]));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("property: a day type set by hand shifts what follows, and only what follows", () => {
    const candidates = weekdayDates.slice(0, 80);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: candidates.length - 2 }), fc.integer({ min: 0, max: 2 }), (at, chosen) => {
        const types = ["A", "B", "C"];
        const date = candidates[at]!;
        const overrides = new Map<string, Override>([[date, { day_type: types[chosen]!, bell_schedule: null }]]);
        const base = generateSchoolDays(inputs({ timetables: [rotation(types)], yearEnd: candidates.at(-1)! }));
        const moved = generateSchoolDays(inputs({ timetables: [rotation(types)], overrides, yearEnd: candidates.at(-1)! }));
        const sessionBase = base.filter((d) => d.in_session);
        const sessionMoved = moved.filter((d) => d.in_session);
        sessionMoved.forEach((d, k) => {
          if (k < at) expect(d.day_type).toBe(sessionBase[k]!.day_type);
          else expect(d.day_type).toBe(types[(chosen + (k - at)) % 3]);
        });
      }),
      { numRuns: 100 },
    );
  });

  it("a snow day (no school) does not consume a day type; the next day continues the rotation", () => {
    const days = generateSchoolDays(inputs({ noBlockDates: new Set(["2026-09-09"]) }));
    const byDate = new Map(days.map((d) => [d.date, d]));
    expect(byDate.get("2026-09-09")).toMatchObject({ in_session: false, day_type: null, occurrences: [] });
    expect(byDate.get("2026-09-10")?.day_type).toBe("Day 2");
  });

  it("keeps past rows as they are and continues the rotation from them", () => {
    const kept = new Map([
      ["2026-09-08", { date: "2026-09-08", in_session: true, day_type: "Day 2", bell_schedule: null }],
    ]);
    const days = generateSchoolDays(inputs({ kept }));
    expect(days[0]).toMatchObject({ date: "2026-09-08", day_type: "Day 2", occurrences: [] });
    expect(days[1]?.day_type).toBe("Day 1");
  });
});

describe("generateSchoolDays: versions, weekly cycles and bell schedules", () => {
  it("a second semester's timetable takes effect from its date and restarts at its first day type", () => {
    const second = rotation(["A", "B"], { effective_from: "2027-02-01", first_day_type: "B" });
    const days = generateSchoolDays(inputs({ timetables: [rotation(["Day 1", "Day 2"]), second] }));
    const byDate = new Map(days.map((d) => [d.date, d]));
    expect(byDate.get("2027-01-29")?.day_type).toMatch(/^Day /);
    expect(byDate.get("2027-02-01")?.day_type).toBe("B");
    expect(byDate.get("2027-02-02")?.day_type).toBe("A");
  });

  it("a weekly cycle gives each weekday its own blocks and leaves out weekdays it has none for", () => {
    const weekly: TimetableVersion = {
      effective_from: START,
      cycle_kind: "weekly",
      day_types: ["Monday", "Wednesday"],
      first_day_type: null,
      meetings: new Map([
        ["Monday", [{ block_id: 1, start: "09:00", end: "09:40" }]],
        ["Wednesday", [{ block_id: 2, start: "10:00", end: "10:40" }]],
      ]),
      bell_schedules: new Map(),
    };
    const days = generateSchoolDays(inputs({ timetables: [weekly] }));
    const byDate = new Map(days.map((d) => [d.date, d]));
    expect(byDate.get("2026-09-14")).toMatchObject({ in_session: true, day_type: "Monday" });
    expect(byDate.get("2026-09-16")?.occurrences).toEqual([{ block_id: 2, start: "10:00", end: "10:40" }]);
    expect(byDate.get("2026-09-15")).toMatchObject({ in_session: false, occurrences: [] });
  });

  it("a late-start bell schedule keeps only the blocks it lists, at its times", () => {
    const version = rotation(["Day 1", "Day 2"], {
      bell_schedules: new Map([["Late start", [{ block_id: 1, start: "11:00", end: "11:30" }]]]),
    });
    const overrides = new Map<string, Override>([["2026-09-09", { day_type: null, bell_schedule: "Late start" }]]);
    const days = generateSchoolDays(inputs({ timetables: [version], overrides }));
    const day = days.find((d) => d.date === "2026-09-09")!;
    expect(day).toMatchObject({ bell_schedule: "Late start", day_type: "Day 2" });
    expect(day.occurrences).toEqual([{ block_id: 1, start: "11:00", end: "11:30" }]);
  });

  it("reads include_days (1 = Sunday … 7 = Saturday), Monday to Friday when unreadable", () => {
    expect([...includedWeekdays("2,3,4,5,6")]).toEqual([1, 2, 3, 4, 5]);
    expect([...includedWeekdays("1,7")]).toEqual([0, 6]);
    expect([...includedWeekdays("nonsense")]).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("generateSchoolDays: a new version goes on with the cycle", () => {
  it("continues the rotation through a version without a first day type (new times, a late-start schedule)", () => {
    const first = rotation(["Day 1", "Day 2"]);
    const days = generateSchoolDays(inputs({ timetables: [first] }));
    const alone = new Map(days.map((d) => [d.date, d.day_type]));
    // From a Day 2 date, where starting afresh would say Day 1.
    const from = days.find((d) => d.date >= "2026-11-17" && d.day_type === "Day 2")!.date;
    const same = rotation(["Day 1", "Day 2"], { effective_from: from, first_day_type: null });
    const both = generateSchoolDays(inputs({ timetables: [first, same] }));
    expect(both.find((d) => d.date === from)?.day_type).toBe("Day 2");
    for (const day of both) expect([day.date, day.day_type]).toEqual([day.date, alone.get(day.date)]);
  });

  it("goes on by name into a cycle with more day types, and starts afresh when the name is gone", () => {
    const first = rotation(["Day 1", "Day 2"]);
    const alone = generateSchoolDays(inputs({ timetables: [first] }));
    const last = alone.filter((d) => d.in_session && d.date < "2026-11-17").at(-1)!;
    const longer = rotation(["Day 1", "Day 2", "Day 3"], { effective_from: "2026-11-17", first_day_type: null });
    const next = generateSchoolDays(inputs({ timetables: [first, longer] })).find((d) => d.in_session && d.date >= "2026-11-17")!;
    expect(next.day_type).toBe(last.day_type === "Day 1" ? "Day 2" : "Day 3");
    const renamed = rotation(["A", "B"], { effective_from: "2026-11-17", first_day_type: null });
    const restarted = generateSchoolDays(inputs({ timetables: [first, renamed] })).find((d) => d.in_session && d.date >= "2026-11-17")!;
    expect(restarted.day_type).toBe("A");
  });
});

describe("continuedPosition: when a new version goes on with the rotation", () => {
  const days12 = rotation(["Day 1", "Day 2"]);
  const weekly = (types: string[]): TimetableVersion => ({ ...rotation(types), cycle_kind: "weekly" });

  it("goes on from the last day type, found by name in the new version", () => {
    expect(continuedPosition(days12, 1, rotation(["Day 0", "Day 1", "Day 2"]))).toBe(2);
    expect(continuedPosition(days12, 0, rotation(["Day 1", "Day 2"]))).toBe(0);
  });

  it("starts afresh (null) when the new version names its first day type, is weekly, or is none", () => {
    expect(continuedPosition(days12, 1, rotation(["Day 1", "Day 2"], { first_day_type: "Day 1" }))).toBeNull();
    expect(continuedPosition(rotation(["Monday", "Tuesday"]), 0, weekly(["Monday", "Tuesday"]))).toBeNull();
    expect(continuedPosition(days12, 1, null)).toBeNull();
  });

  it("starts afresh when there was no rotation before, no school day yet, or the day type is gone", () => {
    expect(continuedPosition(null, null, days12)).toBeNull();
    expect(continuedPosition(weekly(["Day 1", "Day 2"]), 0, days12)).toBeNull();
    expect(continuedPosition(days12, null, days12)).toBeNull();
    expect(continuedPosition(days12, 1, rotation(["A", "B"]))).toBeNull();
  });
});

describe("generateSchoolDays: kept rows, gaps and edges", () => {
  const byDate = (days: ReturnType<typeof generateSchoolDays>) => new Map(days.map((d) => [d.date, d]));
  const row = (date: string, day_type: string | null, in_session = true) => ({ date, in_session, day_type, bell_schedule: null });

  it("continues the rotation from the last kept row, Day 1 included", () => {
    const kept = new Map([["2026-09-08", row("2026-09-08", "Day 1")], ["2026-09-09", row("2026-09-09", "Day 1")]]);
    const days = byDate(generateSchoolDays(inputs({ kept })));
    expect(days.get("2026-09-09")).toMatchObject({ day_type: "Day 1", occurrences: [] });
    expect(days.get("2026-09-10")?.day_type).toBe("Day 2");
  });

  it("goes on from the last kept day type the version knows, past a kept row whose day type it lacks", () => {
    const kept = new Map([["2026-09-08", row("2026-09-08", "Day 1")], ["2026-09-09", row("2026-09-09", "Old day")]]);
    expect(byDate(generateSchoolDays(inputs({ kept }))).get("2026-09-10")?.day_type).toBe("Day 2");
  });

  it("meets without a day type or blocks before the first timetable takes effect, kept rows included", () => {
    const later = rotation(["Day 1", "Day 2"], { effective_from: "2026-09-14" });
    const kept = new Map([["2026-09-08", row("2026-09-08", null)]]);
    const days = byDate(generateSchoolDays(inputs({ timetables: [later], kept })));
    expect(days.get("2026-09-09")).toMatchObject({ in_session: true, day_type: null, bell_schedule: null, occurrences: [] });
    expect(days.get("2026-09-14")?.day_type).toBe("Day 1");
    const weeklyLater: TimetableVersion = { ...later, cycle_kind: "weekly", day_types: ["Monday"] };
    expect(byDate(generateSchoolDays(inputs({ timetables: [weeklyLater] }))).get("2026-09-09")?.day_type).toBeNull();
  });

  it("gives a rotation without day types no day type", () => {
    const empty = rotation([]);
    expect(byDate(generateSchoolDays(inputs({ timetables: [empty] }))).get("2026-09-09")).toMatchObject({
      in_session: true,
      day_type: null,
      occurrences: [],
    });
  });

  it("takes a weekly day type set by hand when the cycle has it, and the weekday's own otherwise", () => {
    const weekly: TimetableVersion = {
      ...rotation(["Monday", "Wednesday"]),
      cycle_kind: "weekly",
    };
    const overrides = new Map<string, Override>([
      ["2026-09-16", { day_type: "Monday", bell_schedule: null }],
      ["2026-09-21", { day_type: "Friday", bell_schedule: null }],
    ]);
    const days = byDate(generateSchoolDays(inputs({ timetables: [weekly], overrides })));
    expect(days.get("2026-09-16")).toMatchObject({ day_type: "Monday", occurrences: [{ block_id: 100 }, { block_id: 1 }] });
    expect(days.get("2026-09-21")?.day_type).toBe("Monday");
  });

  it("gives a bell schedule only to a day in session, and only one the version has", () => {
    const version = rotation(["Day 1", "Day 2"], {
      bell_schedules: new Map([["Late start", [{ block_id: 1, start: "11:00", end: "11:30" }]]]),
    });
    const overrides = new Map<string, Override>([
      ["2026-09-09", { day_type: null, bell_schedule: "Late start" }],
      ["2026-09-10", { day_type: null, bell_schedule: "Unknown" }],
      ["2026-09-12", { day_type: null, bell_schedule: "Late start" }],
    ]);
    const days = byDate(generateSchoolDays(inputs({ timetables: [version], overrides, noBlockDates: new Set(["2026-09-09"]) })));
    expect(days.get("2026-09-09")).toMatchObject({ in_session: false, bell_schedule: null, occurrences: [] });
    expect(days.get("2026-09-10")).toMatchObject({ day_type: "Day 2", bell_schedule: null, occurrences: [{ block_id: 101 }, { block_id: 1 }] });
    expect(days.get("2026-09-12")).toMatchObject({ in_session: false, bell_schedule: null });
  });

  it("meetingsFor: nothing meets on a day type without meetings", () => {
    expect(meetingsFor(rotation(["Day 1"]), "Day 9", null)).toEqual([]);
  });

  it("includedWeekdays: keeps only whole numbers 1 to 7, each part on its own", () => {
    expect([...includedWeekdays("0,8,2.5,-1,3")]).toEqual([2]);
    expect([...includedWeekdays("12,7")]).toEqual([6]);
    expect([...includedWeekdays(" 2 , 3 ")]).toEqual([1, 2]);
    expect([...includedWeekdays(null)]).toEqual([1, 2, 3, 4, 5]);
  });
});
