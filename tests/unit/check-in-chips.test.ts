/** @jest-environment node */
import {
  addChips,
  checkInResultMessage,
  chipsCsv,
  chipsCsvFileName,
  splitEntries,
  withoutChips,
} from "@/lib/checkin/chips";

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
