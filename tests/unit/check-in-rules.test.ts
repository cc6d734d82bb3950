/** @jest-environment node */
import type { FlexMeeting } from "@/db/queries/checkin";
import { addDays, dayOfWeek } from "@/lib/core/time";
import { adjacentCheckInDate, checkInMethod, focusBlockOn, type FocusCalendar } from "@/lib/checkin/rules";

/** A flex block's occurrences on one weekday from February to May 2026 (the school calendar's rows). */
const meeting = (block_id: number, label: string, weekday: number, start: string): FlexMeeting[] => {
  const rows: FlexMeeting[] = [];
  for (let date = "2026-02-01"; date <= "2026-05-31"; date = addDays(date, 1))
    if (dayOfWeek(date) === weekday) rows.push({ block_id, label, date, start, end: "23:00:00" });
  return rows;
};

// 2026-03-18 is a Wednesday.
const WED = "2026-03-18";

/** A calendar with no school-year bounds and no no-blocks days unless given. */
const calendarOf = (meetings: (FlexMeeting | FlexMeeting[])[], rest: Partial<FocusCalendar> = {}): FocusCalendar => ({
  meetings: meetings.flat(),
  noBlockDates: [],
  ...rest,
});

describe("focusBlockOn", () => {
  const meetings = calendarOf([
    meeting(1, "Tutorial", 3, "08:00:00"),
    meeting(2, "Focus Block", 3, "09:26:00"),
    meeting(3, "Clubs", 1, "14:00:00"),
    meeting(4, "Advisory", 1, "11:00:00"),
  ]);

  it("prefers the flex block labelled 'Focus Block' on that weekday", () => {
    expect(focusBlockOn(meetings, WED)?.block_id).toBe(2);
  });

  it("otherwise takes the earliest flex block of the day", () => {
    expect(focusBlockOn(meetings, "2026-03-16")?.block_id).toBe(4);
  });

  it("finds none on a day without a flex block", () => {
    expect(focusBlockOn(meetings, "2026-03-21")).toBeNull();
  });

  it("finds none on a no-blocks day (a Pro-D day) whatever meets on that weekday", () => {
    expect(focusBlockOn({ ...meetings, noBlockDates: [WED] }, WED)).toBeNull();
    expect(focusBlockOn({ ...meetings, noBlockDates: [WED] }, "2026-03-25")?.block_id).toBe(2);
  });

  it("finds none outside the school year, and keeps both bounds", () => {
    const year = { ...meetings, yearStart: WED, yearEnd: "2026-03-23" };
    expect(focusBlockOn(year, WED)?.block_id).toBe(2);
    expect(focusBlockOn(year, "2026-03-23")?.block_id).toBe(4);
    expect(focusBlockOn(year, "2026-03-25")).toBeNull();
    expect(focusBlockOn(year, "2026-03-16")).toBeNull();
  });
});

describe("focusBlockOn on a rotation", () => {
  it("finds the Focus Block only on the dates it meets, whatever their weekday", () => {
    // Day 2 of a Day 1 / Day 2 rotation: Tue 17, Thu 19, Mon 23 March.
    const day2 = ["2026-03-17", "2026-03-19", "2026-03-23"].map((date) => ({
      block_id: 7,
      label: "Focus Block",
      date,
      start: "10:00:00",
      end: "10:40:00",
    }));
    const calendar = calendarOf(day2);
    expect(focusBlockOn(calendar, "2026-03-19")?.block_id).toBe(7);
    expect(focusBlockOn(calendar, WED)).toBeNull();
    expect(focusBlockOn(calendar, "2026-03-24")).toBeNull(); // a Tuesday, but Day 1
    expect(adjacentCheckInDate(calendar, "2026-03-19", 1)).toBe("2026-03-23");
    expect(adjacentCheckInDate(calendar, "2026-03-23", -1)).toBe("2026-03-19");
  });
});

describe("adjacentCheckInDate", () => {
  const tueToFri = calendarOf([2, 3, 4, 5].map((day) => meeting(9, "Focus Block", day, "09:26:00")));

  it("skips to the next and previous days that have a Focus Block", () => {
    expect(adjacentCheckInDate(tueToFri, "2026-03-20", 1)).toBe("2026-03-24"); // Fri → Tue
    expect(adjacentCheckInDate(tueToFri, "2026-03-24", -1)).toBe("2026-03-20"); // Tue → Fri
    expect(adjacentCheckInDate(tueToFri, WED, 1)).toBe("2026-03-19");
  });

  it("skips no-blocks days and a two-week break", () => {
    const proD = { ...tueToFri, noBlockDates: ["2026-03-24"] };
    expect(adjacentCheckInDate(proD, "2026-03-20", 1)).toBe("2026-03-25");
    expect(adjacentCheckInDate(proD, "2026-03-25", -1)).toBe("2026-03-20");
    // Spring break: Saturday 21 March to Sunday 5 April.
    const breakDays = { ...tueToFri, noBlockDates: Array.from({ length: 16 }, (_, i) => addDays("2026-03-21", i)) };
    expect(adjacentCheckInDate(breakDays, "2026-03-20", 1)).toBe("2026-04-07");
    expect(adjacentCheckInDate(breakDays, "2026-04-07", -1)).toBe("2026-03-20");
  });

  it("steps one day when no flex block meets at all, or past the school year", () => {
    expect(adjacentCheckInDate(calendarOf([]), WED, 1)).toBe("2026-03-19");
    expect(adjacentCheckInDate(calendarOf([]), WED, -1)).toBe("2026-03-17");
    expect(adjacentCheckInDate({ ...tueToFri, yearEnd: "2026-03-20" }, "2026-03-20", 1)).toBe("2026-03-21");
  });
});

describe("checkInMethod", () => {
  const zone = "America/Vancouver";

  it("keeps the base method for an entry captured on the day, in the school's zone", () => {
    expect(checkInMethod("manual", new Date("2026-03-19T06:30:00Z"), WED, zone)).toBe("manual"); // 23:30 on Wed
    expect(checkInMethod("roll-call", new Date("2026-03-18T16:30:00Z"), WED, zone)).toBe("roll-call");
  });

  it("is retroactive after the day and proactive before it", () => {
    expect(checkInMethod("manual", new Date("2026-03-19T16:00:00Z"), WED, zone)).toBe("retroactive");
    expect(checkInMethod("roll-call", new Date("2026-03-17T16:00:00Z"), WED, zone)).toBe("proactive");
  });
});
