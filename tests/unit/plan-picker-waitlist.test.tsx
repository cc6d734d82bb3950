import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { PlanPicker } from "@/components/calendar/plan-picker";
import { apiPost, apiRequest } from "@/lib/api/request.client";
import type { StaffListEntry } from "@/lib/core/schedule/types";
import { schoolInstant } from "@/lib/core/time";

/** A full teacher's row offers the waitlist — join, the student's place and leave, or accept a held seat. */
const auth = { settings: { values: { timezone: { value: "America/Vancouver" } }, groups: [] } };
jest.mock("@/components/auth/use-auth", () => ({
  useAuth: () => auth,
  useSignedInUser: () => auth,
}));
let entries: StaffListEntry[] = [];
jest.mock("@/lib/api/request.client", () => ({
  ...jest.requireActual("@/lib/api/request.client"),
  apiPost: jest.fn(async (path: string) => (path === "/api/students/staff-list" ? entries : { position: 4 })),
  apiRequest: jest.fn(async () => ({})),
}));

const row = (id: number, name: string, more: Partial<StaffListEntry>): StaffListEntry =>
  ({
    staff: { id, name, initials: "XX", color: "blue", capacity: 5 },
    topic: null,
    num_scheduled: 5,
    num_remaining: 0,
    seats: 5,
    waitlist: 3,
    waitlist_position: null,
    offered_until: null,
    ...more,
  }) as StaffListEntry;

const picker = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PlanPicker blockId={1} date="2026-12-09" currentStaffId={null} canChoose />
    </SWRConfig>,
  );

beforeEach(() => jest.mocked(apiPost).mockClear());

it("joins a full teacher's waitlist by keyboard, and shows the place and Leave waitlist when on it", async () => {
  entries = [row(1, "Mr. Reyes, Daniel", {}), row(2, "Ms. Ruiz, Elena", { waitlist_position: 3 })];
  const user = userEvent.setup();
  picker();
  expect(await screen.findAllByText("Full · 3 waiting")).toHaveLength(2);
  const join = screen.getByRole("button", { name: "Join Mr. Reyes's waitlist" });
  join.focus();
  await user.keyboard("{Enter}");
  expect(apiPost).toHaveBeenCalledWith("/api/students/waitlist", { staff_id: 1, block_id: 1, date: "2026-12-09" });
  expect(screen.getByTestId("waitlist-position-2")).toHaveTextContent("You are 3rd on the waitlist.");
  await user.click(screen.getByRole("button", { name: "Leave Ms. Ruiz's waitlist" }));
  expect(apiRequest).toHaveBeenCalledWith("DELETE", "/api/students/waitlist", { staff_id: 2, block_id: 1, date: "2026-12-09" });
});

it("offers Accept seat for a seat held for the student, with until when", async () => {
  const until = schoolInstant("2026-12-09", "09:00", "America/Vancouver").toISOString();
  entries = [row(1, "Mr. Reyes, Daniel", { num_remaining: 1, waitlist_position: 1, offered_until: until })];
  const user = userEvent.setup();
  picker();
  expect(await screen.findByText("A seat freed and is held for you until 09:00.")).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Accept seat with Mr. Reyes" }));
  expect(apiPost).toHaveBeenCalledWith("/api/students/waitlist/accept", { staff_id: 1, block_id: 1, date: "2026-12-09" });
});
