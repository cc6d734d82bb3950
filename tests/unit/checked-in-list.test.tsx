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

describe("students the teacher scanned whom someone else had checked in", () => {
  const elsewhere = (student: number) =>
    ({ ...entry(student), id: 900 + student, by_other_staff: true, checked_in_by: "Ms. Admin" }) as never;

  it("marks each one 'Checked in elsewhere' with Move here, also one of the teacher's own planned students", async () => {
    const planned = { ...entry(7), by_other_staff: true, checked_in_by: "Ms. Admin" } as unknown as LedgerEntry;
    const moved: number[] = [];
    render(
      <CheckedInList
        entries={[entry(1), planned]}
        loading={false}
        elsewhere={[elsewhere(7), elsewhere(8)]}
        canMove
        onMove={(scanned) => moved.push(scanned.id)}
      />,
    );
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    expect(screen.getAllByText("Checked in elsewhere")).toHaveLength(2);
    screen.getByRole("button", { name: "Move Student 7 here" }).click();
    expect(moved).toEqual([907]);
    expect(screen.getByText("1 here · 2 elsewhere", { exact: false })).toBeInTheDocument();
  });
});
