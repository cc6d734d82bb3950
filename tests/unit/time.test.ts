/** @jest-environment node */
import {
  addDays,
  clockLabel,
  dayLabel,
  dayOfWeek,
  isPending,
  parseSchoolDate,
  schoolInstant,
  schoolToday,
  weekDays,
  weekRangeLabel,
} from "@/lib/core/time";

const TZ = "America/Vancouver";

describe("school dates", () => {
  it("takes today's date in the school's zone, not the server's", () => {
    // 2026-03-18 06:00 UTC is still the 17th in Vancouver
    expect(schoolToday(TZ, new Date("2026-03-18T06:00:00Z"))).toBe("2026-03-17");
    expect(schoolToday("Asia/Tokyo", new Date("2026-03-18T20:00:00Z"))).toBe("2026-03-19");
  });

  it("reads YYYY-MM-DD, ISO instants and display dates", () => {
    expect(parseSchoolDate("2026-03-18", TZ)).toBe("2026-03-18");
    expect(parseSchoolDate("2026-03-18T07:00:00.000Z", TZ)).toBe("2026-03-18");
    expect(parseSchoolDate("2026-03-18T03:00:00.000Z", TZ)).toBe("2026-03-17");
    expect(parseSchoolDate("2026-03-18T00:00:00", TZ)).toBe("2026-03-18");
    expect(parseSchoolDate("Mar 20, 2020", TZ)).toBe("2020-03-20");
    expect(parseSchoolDate("Fri Mar 20, 2020", TZ)).toBe("2020-03-20");
  });

  it("refuses impossible and unreadable dates", () => {
    expect(parseSchoolDate("2026-02-30", TZ)).toBeNull();
    expect(parseSchoolDate("yesterday", TZ)).toBeNull();
    expect(parseSchoolDate("Foo 3, 2020", TZ)).toBeNull();
  });

  it("does calendar arithmetic across month and year ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(dayOfWeek("2026-03-15")).toBe(0);
  });
});

describe("weeks", () => {
  it("runs Sunday to Saturday, Monday to Friday without weekends", () => {
    expect(weekDays("2026-03-18", false)).toEqual(["2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20"]);
    expect(weekDays("2026-03-15", true)[0]).toBe("2026-03-15");
    expect(weekDays("2026-03-21", true)).toHaveLength(7);
  });

  it("labels ranges within a month, across months and across years", () => {
    expect(weekRangeLabel("2026-03-18")).toBe("Mar 15 - 21, 2026");
    expect(weekRangeLabel("2026-04-01")).toBe("Mar 29 - Apr 4, 2026");
    expect(weekRangeLabel("2026-12-30")).toBe("Dec 27, 2026 - Jan 2, 2027");
  });

  it("labels a day as the schedule shows it", () => {
    expect(dayLabel("2020-03-18", "2020-03-18")).toMatchObject({
      day: "Wed",
      date: "18",
      full_date: "Mar 18, 2020",
      is_today: true,
    });
  });
});

describe("pending blocks", () => {
  it("is pending until the block ends on that date, in the school's zone", () => {
    const end = schoolInstant("2026-03-18", "10:06:00", TZ);
    expect(end.toISOString()).toBe("2026-03-18T17:06:00.000Z");
    expect(isPending("2026-03-18", "10:06:00", TZ, new Date("2026-03-18T17:05:59Z"))).toBe(true);
    expect(isPending("2026-03-18", "10:06:00", TZ, new Date("2026-03-18T17:06:00Z"))).toBe(false);
  });

  it("formats clock times", () => {
    expect(clockLabel("09:26:00")).toBe("9:26 AM");
    expect(clockLabel("12:05:00")).toBe("12:05 PM");
    expect(clockLabel("00:10:00")).toBe("12:10 AM");
  });
});
