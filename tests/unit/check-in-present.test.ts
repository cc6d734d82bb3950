/** @jest-environment node */
import { ledgerMethod, presentCheckInBlock, presentElsewhereEntry, presentLedgerEntry } from "@/lib/checkin/present";

// The check-in payloads: the block, the ledger entries, and the entries someone else recorded.

const maya = { id: 21, first_name: "Maya", last_name: "Castellano", initials: "MC", color: "#123456", student_number: "100234" };
const okafor = { id: 4, title: "Ms.", first_name: "Ada", last_name: "Okafor" };
const at = new Date("2026-03-02T17:41:30.000Z");

describe("check-in payloads", () => {
  it("a block reads its times on the 12-hour clock", () => {
    expect(presentCheckInBlock({ block_id: 2, label: "Focus Block", date: "2026-03-02", start: "09:26", end: "12:06" })).toEqual({
      id: 2,
      flex: true,
      label: "Focus Block",
      start: "9:26 AM",
      end: "12:06 PM",
    });
  });

  it("a kiosk's Air check-in (nobody signed in, a teacher's block) reads 'kiosk'; others keep their method", () => {
    expect(ledgerMethod({ method: "air", checked_in_by: null, staff_id: 4 })).toBe("kiosk");
    expect(ledgerMethod({ method: "air", checked_in_by: 21, staff_id: 4 })).toBe("air");
    expect(ledgerMethod({ method: "air", checked_in_by: null, staff_id: null })).toBe("air");
    expect(ledgerMethod({ method: "manual", checked_in_by: null, staff_id: 4 })).toBe("manual");
  });

  it("a ledger entry: school time, the student without the number, and the staff member", () => {
    const row = { id: 9, method: "manual" as const, checked_in_at: at, staff_id: 4, checked_in_by: 4, student: maya, staff: okafor };
    expect(presentLedgerEntry(row, "America/Vancouver")).toEqual({
      id: 9,
      time: "9:41 AM",
      checked_in_at: "2026-03-02T17:41:30.000Z",
      method: "manual",
      student: { id: 21, name: "Maya Castellano", initials: "MC", color: "#123456" },
      staff: { id: 4, name: "Ms. Okafor, Ada" },
      by_other_staff: false,
    });
    // The same minute in another zone is another label (the memo is per zone and minute).
    expect(presentLedgerEntry(row, "Europe/Paris").time).toBe("6:41 PM");
    expect(presentLedgerEntry({ ...row, staff: null }, "America/Vancouver", true)).toMatchObject({ staff: null, by_other_staff: true });
  });

  it("an entry recorded elsewhere says who checked the student in (null for an administrator)", () => {
    const row = { entry_id: 9, method: "air", checked_in_at: at, student: maya, staff: okafor };
    expect(presentElsewhereEntry(row, "America/Vancouver")).toEqual({
      id: 9,
      time: "9:41 AM",
      checked_in_at: "2026-03-02T17:41:30.000Z",
      method: "kiosk",
      student: { id: 21, name: "Maya Castellano", initials: "MC", color: "#123456" },
      staff: { id: 4, name: "Ms. Okafor, Ada" },
      by_other_staff: true,
      checked_in_by: "Ms. Okafor",
    });
    expect(presentElsewhereEntry({ ...row, method: "manual", staff: null }, "America/Vancouver")).toMatchObject({
      method: "manual",
      staff: null,
      checked_in_by: null,
    });
  });
});
