/** @jest-environment node */
import type { FlexMeeting } from "@/db/queries/checkin";
import { hasSeparator, notTodayConfirmation, splitEntries } from "@/lib/checkin/chips";
import { MAX_CHIP_LENGTH } from "@/lib/checkin/schemas";
import { alreadyCheckedInMessage, checkedInCountText, checkInSummary, shortStaffName } from "@/lib/checkin/elsewhere-rules";
import { adjacentCheckInDate, focusBlockOn } from "@/lib/checkin/rules";
import { addDays } from "@/lib/core/time";

// The check-in screen's words and the edges of its block rules.

describe("students checked in by someone else", () => {
  it("names the staff member short, and an administrator when there is none", () => {
    expect(shortStaffName({ title: "Ms.", last_name: "Okafor" })).toBe("Ms. Okafor");
    expect(shortStaffName({ title: "", last_name: "Okafor" })).toBe("Okafor");
    expect(alreadyCheckedInMessage("Malik Patel", "Ms. Okafor", "10:04 AM")).toBe("Malik Patel was already checked in by Ms. Okafor at 10:04 AM");
    expect(alreadyCheckedInMessage("Malik Patel", null, "10:04 AM", "manual")).toBe("Malik Patel was already checked in by an administrator at 10:04 AM");
  });

  it("a check-in made on another day says which kind instead of the clock time", () => {
    expect(alreadyCheckedInMessage("Malik Patel", "Ms. Okafor", "10:04 AM", "proactive")).toBe(
      "Malik Patel was already checked in by Ms. Okafor (proactive check-in)",
    );
    expect(alreadyCheckedInMessage("Malik Patel", "Ms. Okafor", "10:04 AM", "retroactive")).toBe(
      "Malik Patel was already checked in by Ms. Okafor (retroactive check-in)",
    );
  });

  const spec = (result: { success: unknown[]; already_checked_in?: unknown[] }) =>
    `Checked in ${result.success.length} (+${result.already_checked_in?.length ?? 0} already)`;

  it("the snackbar counts only this caller's students, then names one elsewhere or counts several", () => {
    const one = { success: [1], errors: [], already_checked_in: [{ message: null }, { message: "Malik Patel was already checked in by Ms. Okafor" }] };
    expect(checkInSummary(one, spec)).toBe("Checked in 1 (+1 already). Malik Patel was already checked in by Ms. Okafor");
    const two = { success: [1, 2], errors: [], already_checked_in: [{ message: "a" }, { message: "b" }] };
    expect(checkInSummary(two, spec)).toBe("Checked in 2 (+0 already). 2 were already checked in elsewhere: see Checked In");
    expect(checkInSummary({ success: [1], errors: [] }, spec)).toBe("Checked in 1 (+0 already)");
  });

  it("when every student was checked in elsewhere, only that is said; an error still gets the count", () => {
    const elsewhere = { success: [], errors: [], already_checked_in: [{ message: "Malik Patel was already checked in by Ms. Okafor" }] };
    expect(checkInSummary(elsewhere, spec)).toBe("Malik Patel was already checked in by Ms. Okafor");
    expect(checkInSummary({ ...elsewhere, errors: [{}] }, spec)).toBe("Checked in 0 (+0 already). Malik Patel was already checked in by Ms. Okafor");
    const hereAlready = { success: [], errors: [], already_checked_in: [{}, { message: "x" }] };
    expect(checkInSummary(hereAlready, spec)).toBe("Checked in 0 (+1 already). x");
  });

  it("the Checked In count", () => {
    expect(checkedInCountText(8, 0)).toBe("8");
    expect(checkedInCountText(8, 22)).toBe("8 here · 22 elsewhere");
  });
});

describe("typed and scanned entries", () => {
  it("only a comma, semicolon or whitespace finishes an entry", () => {
    expect(hasSeparator("100234")).toBe(false);
    expect(hasSeparator("100234,")).toBe(true);
    expect(hasSeparator("100234;")).toBe(true);
    expect(hasSeparator("100234\n")).toBe(true);
  });

  it("an entry is cut at the longest a chip holds", () => {
    expect(splitEntries(`${"9".repeat(MAX_CHIP_LENGTH + 5)} 12`)).toEqual(["9".repeat(MAX_CHIP_LENGTH), "12"]);
  });

  it("the question before a retroactive check-in", () => {
    expect(notTodayConfirmation(1, "Thursday Nov 26", "retroactive").description).toBe(
      "Thursday Nov 26 is not today: this is a retroactive check-in, made after the day.",
    );
  });
});

describe("the check-in block at its edges", () => {
  const on = (date: string, block_id: number, label: string, start: string): FlexMeeting => ({ block_id, label, date, start, end: "23:00:00" });
  const WED = "2026-03-18";

  it("the Focus Block wins over an earlier flex block; among equals the earliest start, then the lower id", () => {
    const calendar = { noBlockDates: [], meetings: [on(WED, 1, "Tutorial", "08:00:00"), on(WED, 2, "Focus Block", "09:26:00")] };
    expect(focusBlockOn(calendar, WED)?.block_id).toBe(2);
    const reversed = { noBlockDates: [], meetings: [on(WED, 2, "Focus Block", "09:26:00"), on(WED, 1, "Tutorial", "08:00:00")] };
    expect(focusBlockOn(reversed, WED)?.block_id).toBe(2);
    const tie = { noBlockDates: [], meetings: [on(WED, 7, "Clubs", "09:00:00"), on(WED, 3, "Tutorial", "09:00:00")] };
    expect(focusBlockOn(tie, WED)?.block_id).toBe(3);
  });

  it("the neighbouring Focus Block is looked for as far as 31 days away", () => {
    const calendar = { noBlockDates: [], meetings: [on(addDays(WED, 31), 2, "Focus Block", "09:26:00")] };
    expect(adjacentCheckInDate(calendar, WED, 1)).toBe(addDays(WED, 31));
    const further = { noBlockDates: [], meetings: [on(addDays(WED, 32), 2, "Focus Block", "09:26:00")] };
    expect(adjacentCheckInDate(further, WED, 1)).toBe(addDays(WED, 1));
  });
});
