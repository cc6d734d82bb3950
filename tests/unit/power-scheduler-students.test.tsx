import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StepStudents } from "@/components/power-scheduler/step-students";
import { requestBody, useSchedulerState } from "@/components/power-scheduler/use-scheduler-state";
import type { PowerSchedulerOptions } from "@/lib/scheduler/options.server";

/** Step 1 of the Power Scheduler: "Some Students" picks whole grades and clusters at once. */

const options: PowerSchedulerOptions = {
  students: [
    { id: 1, first_name: "Ada", last_name: "Ames", grade: 9, cluster_ids: [10] },
    { id: 2, first_name: "Ben", last_name: "Bell", grade: 11, cluster_ids: [10, 20] },
    { id: 3, first_name: "Cy", last_name: "Cole", grade: 11, cluster_ids: [] },
    { id: 4, first_name: "Di", last_name: "Dunn", grade: 12, cluster_ids: [20] },
  ],
  clusters: [
    { id: 10, name: "Robotics" },
    { id: 20, name: "Choir" },
  ],
  staff: [],
  blocks: [],
  day_types: [],
  today: "2026-11-23",
  year_start: null,
  year_end: null,
  appointment_limit: 1,
};

/** The step, and the student ids the request would send (what the scheduler submits). */
function Harness() {
  const [state, dispatch] = useSchedulerState();
  return (
    <>
      <StepStudents state={state} dispatch={dispatch} options={options} />
      <span hidden data-testid="student-ids">
        {requestBody(state).student_ids.join(",")}
      </span>
    </>
  );
}

const selected = () =>
  screen.getByTestId("student-ids").textContent!.split(",").filter(Boolean).map(Number).sort();

it("ticks a cluster's members with Add cluster and a grade's with Add grade, then clears", async () => {
  const user = userEvent.setup();
  render(<Harness />);
  const next = screen.getByRole("button", { name: "Next" });
  expect(next).toBeDisabled();
  await user.click(screen.getByRole("radio", { name: /Some Students/ }));
  expect(next).toBeDisabled();

  await user.selectOptions(screen.getByLabelText("Cluster"), "Robotics");
  await user.click(screen.getByRole("button", { name: "Add cluster" }));
  expect(selected()).toEqual([1, 2]);
  expect(screen.getByText("2 of 4 students selected")).toBeInTheDocument();
  expect(screen.getByRole("checkbox", { name: "Select Ada Ames" })).toBeChecked();
  expect(screen.getByRole("checkbox", { name: "Select Di Dunn" })).not.toBeChecked();
  expect(next).toBeEnabled();

  await user.selectOptions(screen.getByLabelText("Cluster"), "Choir");
  await user.click(screen.getByRole("button", { name: "Add cluster" }));
  expect(selected()).toEqual([1, 2, 4]);
  await user.selectOptions(screen.getByLabelText("Grade"), "11");
  await user.click(screen.getByRole("button", { name: "Add grade" }));
  expect(selected()).toEqual([1, 2, 3, 4]);
  expect(screen.getByRole("status")).toHaveTextContent("Every student is selected.");

  await user.click(screen.getByRole("button", { name: "Clear selection" }));
  expect(selected()).toEqual([]);
  expect(next).toBeDisabled();
});
