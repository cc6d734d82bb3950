import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { PlanPicker } from "@/components/calendar/plan-picker";
import { apiPost } from "@/lib/api/request.client";
import type { StaffListEntry } from "@/lib/core/schedule/types";

/** Who may join: a topic closed to the student is greyed with its reason and is not chosen. */
jest.mock("@/lib/api/request.client", () => ({
  ...jest.requireActual("@/lib/api/request.client"),
  apiPost: jest.fn(async () => entries),
}));

const REASON = "Chemistry 12 retake is only for CHEM12-01 and CHEM12-02.";
const entries: StaffListEntry[] = [
  {
    staff: { id: 1, name: "Ms. Curie, Marie", initials: "MC", color: "blue", capacity: 30 },
    topic: { id: 5, memo: "Chemistry 12 retake", color: "blue", unavailable: false, deleted: false, staff: { id: 1, name: "Ms. Curie, Marie" } },
    num_scheduled: 2,
    seats: 12,
    num_remaining: 10,
    open: false,
    closed_reason: REASON,
  },
  {
    staff: { id: 2, name: "Mr. Bohr, Niels", initials: "NB", color: "green", capacity: 30 },
    topic: null,
    num_scheduled: 0,
    seats: 30,
    num_remaining: 30,
    open: true,
    closed_reason: null,
  },
];

it("greys a closed topic with its reason, counts seats against the cap, and does not choose it", async () => {
  const user = userEvent.setup();
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PlanPicker blockId={1} date="2026-11-30" currentStaffId={null} canChoose />
    </SWRConfig>,
  );
  const closed = await screen.findByTestId("plan-teacher-1");
  expect(closed).toHaveAttribute("aria-disabled", "true");
  expect(within(closed).getByText("Not open to you")).toBeInTheDocument();
  expect(within(closed).getByText(REASON)).toBeInTheDocument();
  expect(within(closed).getByText("10 seats left of 12")).toBeInTheDocument();
  expect(screen.getByTestId("plan-teacher-2")).not.toHaveAttribute("aria-disabled");
  const calls = (apiPost as jest.Mock).mock.calls.length;
  await user.click(closed);
  expect((apiPost as jest.Mock).mock.calls.slice(calls).some(([path]) => path === "/api/students/schedule-plan")).toBe(false);
});
