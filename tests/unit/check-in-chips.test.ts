/** @jest-environment node */
import {
  addChips,
  checkInResultMessage,
  chipsCsv,
  chipsCsvFileName,
  notTodayConfirmation,
  notTodayKind,
  notTodayNote,
  splitEntries,
  withoutChips,
} from "@/lib/checkin/chips";
import { checkedInCountText, checkInSummary } from "@/lib/checkin/elsewhere-rules";

const at = new Date("2026-03-20T16:30:00.000Z");

describe("splitEntries", () => {
  it("splits on commas, spaces, tabs and new lines and drops empty pieces", () => {
    expect(splitEntries("100001, 100002\n100003\t100004  ,,\r\n100005 ")).toEqual([
      "100001",
      "100002",
      "100003",
      "100004",
      "100005",
    ]);
  });

  it("creates nothing from empty or blank text", () => {
    expect(splitEntries("")).toEqual([]);
    expect(splitEntries(" ,\n ")).toEqual([]);
  });

  it("keeps letters and leading zeros as typed", () => {
    expect(splitEntries("007 A12b")).toEqual(["007", "A12b"]);
  });
});

describe("addChips", () => {
  it("stamps each new entry with the capture time and skips values already pending", () => {
    const first = addChips([], ["1", "2", "1"], at);
    expect(first.chips).toEqual([
      { value: "1", timestamp: at.toISOString() },
      { value: "2", timestamp: at.toISOString() },
    ]);
    const later = new Date(at.getTime() + 1000);
    expect(addChips(first.chips, ["2", "3"], later).chips.map((c) => c.value)).toEqual(["1", "2", "3"]);
  });

  it("stops at 2,000 pending entries and says how many did not fit", () => {
    const full = addChips(
      [],
      Array.from({ length: 1999 }, (_, i) => `n${i}`),
      at,
    );
    const result = addChips(full.chips, ["a", "b", "c"], at);
    expect(result.chips).toHaveLength(2000);
    expect(result.overflow).toBe(2);
  });
});

describe("withoutChips", () => {
  it("removes only the submitted chips, keeping ones entered meanwhile", () => {
    const submitted = addChips([], ["1", "2"], at).chips;
    const meanwhile = addChips(submitted, ["3"], new Date(at.getTime() + 5)).chips;
    expect(withoutChips(meanwhile, submitted).map((c) => c.value)).toEqual(["3"]);
  });
});

describe("chipsCsv", () => {
  it("has the 'Student Number' and timestamp columns, one row per entry", () => {
    const csv = chipsCsv(addChips([], ["100001", "100002"], at).chips);
    expect(csv).toBe(
      `Student Number,Timestamp\r\n100001,${at.toISOString()}\r\n100002,${at.toISOString()}\r\n`,
    );
  });

  it("quotes awkward values and never lets a spreadsheet read a formula", () => {
    const csv = chipsCsv([
      { value: 'a"b', timestamp: "t" },
      { value: "=HYPERLINK(1)", timestamp: "t" },
    ]);
    expect(csv).toContain('"a""b",t');
    expect(csv).toContain("'=HYPERLINK(1),t");
  });

  it("names the file after the moment of download", () => {
    expect(chipsCsvFileName(at)).toBe("student-numbers-2026-03-20T16-30-00.csv");
  });
});

describe("checkInResultMessage", () => {
  const result = (success: number, errors: number, already = 0) => ({
    success: Array(success).fill({}),
    errors: Array(errors).fill("x"),
    already_checked_in: Array(already).fill({}),
  });

  it.each([
    [result(1, 0), "Checked in 1 student"],
    [result(3, 0), "Checked in 3 students"],
    [result(2, 1), "Checked in 2 students, but 1 entry could not be resolved"],
    [result(1, 4), "Checked in 1 student, but 4 entries could not be resolved"],
    [result(0, 2), "No students where checked in."],
    [result(0, 0), "No students where checked in."],
    [result(0, 0, 2), "Checked in 2 students"],
    [result(1, 1, 1), "Checked in 2 students, but 1 entry could not be resolved"],
  ])("words %j as %s", (input, message) => {
    expect(checkInResultMessage(input)).toBe(message);
  });
});

describe("a check-in on another date than today", () => {
  it("is proactive ahead of the day, retroactive after it, nothing on the day", () => {
    expect(notTodayKind("2026-11-26", "2026-11-24")).toBe("proactive");
    expect(notTodayKind("2026-11-20", "2026-11-24")).toBe("retroactive");
    expect(notTodayKind("2026-11-24", "2026-11-24")).toBeNull();
  });

  it("asks first, naming the day and what kind of check-in it is", () => {
    expect(notTodayConfirmation(3, "Thu Nov 26, 2026", "proactive")).toEqual({
      title: "Check in 3 students for Thu Nov 26, 2026?",
      description: "Thu Nov 26, 2026 is not today: this is a proactive check-in, made ahead of the day.",
      confirmLabel: "Check in",
    });
    expect(notTodayConfirmation(1, "Fri Nov 20, 2026", "retroactive").title).toBe(
      "Check in 1 student for Fri Nov 20, 2026?",
    );
    expect(notTodayNote("Thu Nov 26, 2026", "retroactive")).toBe(
      "For Thu Nov 26, 2026, not today: retroactive check-in",
    );
  });
});

describe("students checked in elsewhere", () => {
  const elsewhere = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ message: `Student ${i} was already checked in by Ms. Okafor at 9:0${i} AM` }));

  it("are counted apart from the students here", () => {
    expect(checkedInCountText(8, 22)).toBe("8 here · 22 elsewhere");
    expect(checkedInCountText(8, 0)).toBe("8");
  });

  it("keep the result message short: one is named, more are counted, never counted as checked in", () => {
    const result = (success: number, others: number) => ({
      success: Array(success).fill({}),
      errors: [],
      already_checked_in: elsewhere(others),
    });
    expect(checkInSummary(result(8, 22), checkInResultMessage)).toBe(
      "Checked in 8 students. 22 were already checked in elsewhere: see Checked In",
    );
    expect(checkInSummary(result(2, 1), checkInResultMessage)).toBe(
      "Checked in 2 students. Student 0 was already checked in by Ms. Okafor at 9:00 AM",
    );
    expect(checkInSummary(result(0, 3), checkInResultMessage)).toBe(
      "3 were already checked in elsewhere: see Checked In",
    );
  });
});
