import { cutoffSchema, cutoffWallClock, readCutoff } from "@/lib/settings/placement-cutoff";
import { sentenceFor, shortStaffName, type Reason } from "@/lib/core/schedule/reason";
import { schoolInstant } from "@/lib/core/time";

const zone = "America/Vancouver";
const say = (reason: Reason, viewer: "self" | "staff" = "self") =>
  sentenceFor(reason, { viewer, timezone: zone, studentName: "Maya Castellano" });
const reyes = { id: 2, name: "Mr. Reyes, Daniel" };
const okafor = { id: 1, name: "Ms. Okafor, Amara" };

describe("the reason sentence", () => {
  it("says who booked the student and why", () => {
    const reason: Reason = {
      kind: "booked",
      by: reyes,
      memo: "chemistry test retake",
      at: "2026-11-20T17:00:00Z",
    };
    expect(say(reason)).toBe("Mr. Reyes booked you: chemistry test retake");
    expect(say(reason, "staff")).toBe("Mr. Reyes booked Maya Castellano: chemistry test retake");
    expect(say({ ...reason, memo: "  " })).toBe("Mr. Reyes booked you.");
  });

  it("says a default placement came at the cutoff, in the school's time", () => {
    // 08:00 in Vancouver, whatever its offset in this runtime's zone data (Node 24 knows British Columbia's
    // permanent daylight time from November 2026: UTC-7, where older data says UTC-8).
    const reason: Reason = {
      kind: "placed",
      teacher: okafor,
      at: schoolInstant("2026-11-24", "08:00", zone).toISOString(),
    };
    expect(say(reason)).toBe("Placed with your homeroom teacher, Ms. Okafor, at the 08:00 cutoff.");
    expect(say(reason, "staff")).toBe("Placed with their homeroom teacher, Ms. Okafor, at the 08:00 cutoff.");
  });

  it("says when the student chose, as the school's date", () => {
    // 23:30 on Nov 20 in Vancouver is already Nov 21 in UTC.
    const reason: Reason = {
      kind: "chosen",
      teacher: okafor,
      at: schoolInstant("2026-11-20", "23:30", zone).toISOString(),
    };
    expect(say(reason)).toBe("You chose Ms. Okafor on Nov 20.");
    expect(say(reason, "staff")).toBe("Maya Castellano chose Ms. Okafor on Nov 20.");
  });

  it("names Power Scheduler batches and amendments", () => {
    const at = "2026-11-20T17:00:00Z";
    expect(say({ kind: "power_scheduler", batch: "appointment", by: okafor, memo: "Exam week", at })).toBe(
      "Ms. Okafor booked you with the Power Scheduler: Exam week",
    );
    expect(
      say({
        kind: "power_scheduler",
        batch: "amendment",
        everyone: true,
        by: { id: 9, name: "System Administrator" },
        memo: "Assembly",
        at,
      }),
    ).toBe("System Administrator amended this block for every student with the Power Scheduler: Assembly");
    expect(say({ kind: "amended", by: reyes, memo: "Field trip", at })).toBe(
      "Mr. Reyes amended this block: Field trip",
    );
    expect(say({ kind: "amended", memo: "Field trip", at })).toBe("A teacher amended this block: Field trip");
  });

  it("shortens staff names to title and last name", () => {
    expect(shortStaffName("Ms. Okafor, Amara")).toBe("Ms. Okafor");
    expect(shortStaffName("Dr. Who")).toBe("Dr. Who");
  });
});

describe("the placement cutoff setting", () => {
  it("reads a time on the day, hours before, or off", () => {
    expect(cutoffSchema.parse("8:05")).toEqual({ kind: "time", time: "08:05" });
    expect(cutoffSchema.parse("36h")).toEqual({ kind: "hours", hours: 36 });
    // The limits: 1 hour and two weeks (336 hours) are taken; 0 and 337 are not (below).
    expect(cutoffSchema.parse("1h")).toEqual({ kind: "hours", hours: 1 });
    expect(cutoffSchema.parse("336h")).toEqual({ kind: "hours", hours: 336 });
    expect(cutoffSchema.parse("")).toEqual({ kind: "off" });
    for (const bad of ["24:00", "0h", "337h", "8", "noon"])
      expect(cutoffSchema.safeParse(bad).success).toBe(false);
    expect(readCutoff("garbage")).toEqual({ kind: "off" });
  });

  it("puts hours before the block on the school's wall clock, across days", () => {
    expect(cutoffWallClock({ kind: "hours", hours: 2 }, "2026-11-24", "09:26:00")).toEqual({
      date: "2026-11-24",
      time: "07:26",
    });
    expect(cutoffWallClock({ kind: "hours", hours: 24 }, "2026-12-01", "09:26")).toEqual({
      date: "2026-11-30",
      time: "09:26",
    });
    expect(cutoffWallClock({ kind: "time", time: "08:00" }, "2026-11-24", "09:26")).toEqual({
      date: "2026-11-24",
      time: "08:00",
    });
    expect(cutoffWallClock({ kind: "off" }, "2026-11-24", "09:26")).toBeNull();
  });
});
