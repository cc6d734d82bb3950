/** @jest-environment node */
import type { FlexMeeting } from "@/db/queries/checkin";
import { adjacentCheckInDate, checkInMethod, focusBlockOn } from "@/lib/checkin/rules";

const meeting = (block_id: number, label: string, day_of_week: number, start: string): FlexMeeting => ({
  block_id,
  label,
  day_of_week,
  start,
  end: "23:00:00",
});

// 2026-03-18 is a Wednesday.
const WED = "2026-03-18";

describe("focusBlockOn", () => {
  const meetings = [
    meeting(1, "Tutorial", 3, "08:00:00"),
    meeting(2, "Focus Block", 3, "09:26:00"),
    meeting(3, "Clubs", 1, "14:00:00"),
    meeting(4, "Advisory", 1, "11:00:00"),
  ];

  it("prefers the flex block labelled 'Focus Block' on that weekday", () => {
    expect(focusBlockOn(meetings, WED)?.block_id).toBe(2);
  });

  it("otherwise takes the earliest flex block of the day", () => {
    expect(focusBlockOn(meetings, "2026-03-16")?.block_id).toBe(4);
  });

  it("finds none on a day without a flex block", () => {
    expect(focusBlockOn(meetings, "2026-03-21")).toBeNull();
  });
});

describe("adjacentCheckInDate", () => {
  const tueToFri = [2, 3, 4, 5].map((day) => meeting(9, "Focus Block", day, "09:26:00"));

  it("skips to the next and previous days that have a Focus Block", () => {
    expect(adjacentCheckInDate(tueToFri, "2026-03-20", 1)).toBe("2026-03-24"); // Fri → Tue
    expect(adjacentCheckInDate(tueToFri, "2026-03-24", -1)).toBe("2026-03-20"); // Tue → Fri
    expect(adjacentCheckInDate(tueToFri, WED, 1)).toBe("2026-03-19");
  });

  it("steps one day when no flex block meets at all", () => {
    expect(adjacentCheckInDate([], WED, 1)).toBe("2026-03-19");
    expect(adjacentCheckInDate([], WED, -1)).toBe("2026-03-17");
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
