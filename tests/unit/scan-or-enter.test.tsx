import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ScanOrEnter } from "@/components/checkin/scan-or-enter";
import { pendingChips, usePendingChips } from "@/components/checkin/use-pending-chips";
import { TooltipProvider } from "@/components/ui/tooltip";
import { getStored, removeStored } from "@/lib/storage.client";

function Harness({
  onSubmit = jest.fn(),
  blockedReason = null,
}: {
  onSubmit?: (typed: string[]) => void;
  blockedReason?: string | null;
}) {
  const chips = usePendingChips();
  return (
    <TooltipProvider>
      <ScanOrEnter
        chips={chips}
        onAdd={(values) => pendingChips.add(values)}
        onRemove={(chip) => pendingChips.remove(chip)}
        onRemoveAll={() => pendingChips.clear()}
        onCopy={jest.fn()}
        onDownload={jest.fn()}
        onSubmit={onSubmit}
        submitting={false}
        blockedReason={blockedReason}
      />
    </TooltipProvider>
  );
}

const values = () => (pendingChips.current() ?? []).map((chip) => chip.value);
const chipList = () => screen.queryByRole("list", { name: "Student numbers waiting to be checked in" });

beforeEach(() => {
  act(() => {
    pendingChips.clear();
  });
  removeStored("pendingChips");
});

describe("Scan or Enter", () => {
  it("turns a scanner's digits-then-Enter into chips without losing a digit", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    const input = screen.getByLabelText("Student numbers");
    expect(input).toHaveFocus();
    const scans = Array.from({ length: 20 }, (_, i) => String(100001 + i));
    await user.type(input, scans.map((n) => `${n}{Enter}`).join(""));
    expect(values()).toEqual(scans);
    expect(input).toHaveValue("");
    expect(input).toHaveFocus();
    expect(within(chipList()!).getAllByRole("listitem")).toHaveLength(20);
  });

  it("finishes an entry on comma and on space, and makes none from an empty box", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    const input = screen.getByLabelText("Student numbers");
    await user.type(input, "{Enter}, 100001,100002 100003 ");
    expect(values()).toEqual(["100001", "100002", "100003"]);
  });

  it("splits a paste on commas, spaces and new lines", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    const input = screen.getByLabelText("Student numbers");
    await user.click(input);
    await user.paste("100001, 100002\n100003\t100004");
    expect(values()).toEqual(["100001", "100002", "100003", "100004"]);
  });

  it("keeps the chips on the device, each with its capture time", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.type(screen.getByLabelText("Student numbers"), "100007{Enter}");
    const stored = getStored("pendingChips");
    expect(stored).toEqual([{ value: "100007", timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }]);
  });

  it("removes one chip with its remove button", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.type(screen.getByLabelText("Student numbers"), "1{Enter}2{Enter}");
    await user.click(screen.getByRole("button", { name: "Remove 1" }));
    expect(values()).toEqual(["2"]);
  });

  it("submits the chips and what is still typed", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    const input = screen.getByLabelText("Student numbers");
    await user.type(input, "1{Enter}22");
    await user.click(screen.getByRole("button", { name: "Check In" }));
    expect(onSubmit).toHaveBeenCalledWith(["22"]);
  });

  it("submits with Ctrl+Enter from the box", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText("Student numbers"), "5{Enter}{Control>}{Enter}{/Control}");
    expect(onSubmit).toHaveBeenCalledWith([]);
  });

  it("disables Check In on a day without a Focus Block and says why", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness blockedReason="No Focus Block on this date." />);
    await user.type(screen.getByLabelText("Student numbers"), "5{Enter}");
    expect(screen.getByRole("button", { name: "Check In" })).toBeDisabled();
    expect(screen.getByText("No Focus Block on this date.")).toBeInTheDocument();
    expect(values()).toEqual(["5"]);
  });
});
