import { render, screen } from "@testing-library/react";
import { CheckedInList } from "@/components/checkin/checked-in-list";
import type { LedgerEntry } from "@/components/checkin/use-check-in-status";

/** A check-in as the status answer gives it; only what the list shows. */
function entry(id: number): LedgerEntry {
  return {
    id,
    student: { id, name: `Student ${id}`, initials: "ST", color: "indigo" },
    checked_in_at: `2027-06-25T09:${String(id % 60).padStart(2, "0")}:00-07:00`,
    time: "9:30 AM",
    method: "manual",
    by_other_staff: false,
    staff: null,
  } as unknown as LedgerEntry;
}

describe("the Checked In list", () => {
  it("takes keyboard focus, so a list long enough to scroll in its panel can be scrolled without a mouse", () => {
    render(<CheckedInList entries={Array.from({ length: 40 }, (_, i) => entry(i + 1))} loading={false} />);
    const list = screen.getByRole("list", { name: "Students checked in" });
    expect(list).toHaveAttribute("tabindex", "0");
    expect(list.className).toContain("overflow-y-auto");
    expect(screen.getAllByRole("listitem")).toHaveLength(40);
  });
});
