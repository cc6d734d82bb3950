import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { VerticalStepper } from "@/components/power-scheduler/stepper";
import { TypeDetails } from "@/components/power-scheduler/type-details";
import { INITIAL, type SchedulerState } from "@/components/power-scheduler/use-scheduler-state";
import { DatePicker } from "@/components/ui/date-picker";

/**
 * The Power Scheduler dropped keyboard focus to the page's body after every Next and after Submit: the
 * button that was pressed left with its step. Focus now goes to the heading of the step (or sub-step)
 * that opens; and the date picker opens with focus on the chosen date.
 */
function Stepper() {
  const [active, setActive] = useState(0);
  const step = (title: string) => ({
    title,
    content: <button onClick={() => setActive((n) => n + 1)}>Next</button>,
  });
  return <VerticalStepper label="Steps" active={active} steps={[step("Select Students"), step("Select Date and Blocks"), step("Done")]} />;
}

it("moves focus to the new step's heading after Next, and leaves it alone on the first render", async () => {
  const user = userEvent.setup();
  render(<Stepper />);
  expect(document.body).toHaveFocus();
  await user.click(screen.getByRole("button", { name: "Next" }));
  expect(screen.getByRole("heading", { name: "Step 2: Select Date and Blocks" })).toHaveFocus();
  await user.click(screen.getByRole("button", { name: "Next" }));
  expect(screen.getByRole("heading", { name: "Step 3: Done" })).toHaveFocus();
});

function Details() {
  const [state, setState] = useState<SchedulerState>({ ...INITIAL, step: 2, scheduleType: "appointment", staffId: 1 });
  return (
    <TypeDetails
      state={state}
      staff={[{ id: 1, first_name: "Ines", last_name: "Okafor", name: "Ms. Okafor, Ines", email: "ines@school.example", capacity: 30 }]}
      dispatch={(action) => {
        if (action.type === "subStep") setState((s) => ({ ...s, subStep: action.subStep }));
      }}
    />
  );
}

it("moves focus to the memo's heading after the staff member's Next", async () => {
  const user = userEvent.setup();
  render(<Details />);
  await user.click(screen.getByRole("button", { name: "Next" }));
  expect(screen.getByRole("heading", { name: "B. Memo" })).toHaveFocus();
});

it("opens the date picker with focus on the chosen date", async () => {
  const user = userEvent.setup();
  render(<DatePicker label="Start date" value="2026-12-09" onChange={() => {}} min="2026-09-01" max="2027-06-30" today="2026-12-01" />);
  await user.click(screen.getByRole("button", { name: /Start date/ }));
  const focused = document.activeElement as HTMLElement;
  expect(focused.tagName).toBe("BUTTON");
  expect(focused.closest("[data-day]")?.getAttribute("data-day")).toBe("2026-12-09");
});
