import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { PlanPicker } from "@/components/calendar/plan-picker";
import type { StaffListEntry } from "@/lib/core/schedule/types";

/** The plan picker's search ignores accents and case, as every search does. */
jest.mock("@/lib/api/request.client", () => ({
  ...jest.requireActual("@/lib/api/request.client"),
  apiPost: jest.fn(async () => entries),
}));

const entry = (id: number, name: string, memo: string): StaffListEntry =>
  ({
    staff: { id, name, initials: "XX", color: "blue", capacity: 30 },
    topic: { id, memo, color: "blue", unavailable: false },
    num_scheduled: 0,
    num_remaining: 30,
  }) as unknown as StaffListEntry;
// More than six teachers: the picker offers its search box.
const entries = [
  entry(1, "Mme Bélanger, Élodie", "Théâtre"),
  ...Array.from({ length: 6 }, (_, i) => entry(2 + i, `Mr. Brown${i}, Bo`, "Robotics")),
];

it("finds a teacher and a topic by names typed without accents", async () => {
  const user = userEvent.setup();
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PlanPicker blockId={1} date="2026-11-30" currentStaffId={null} canChoose={false} />
    </SWRConfig>,
  );
  const search = await screen.findByLabelText("Find a teacher or topic");
  await user.type(search, "belanger");
  expect(screen.getByText("Mme Bélanger, Élodie")).toBeInTheDocument();
  expect(screen.queryByText("Mr. Brown0, Bo")).toBeNull();
  await user.clear(search);
  await user.type(search, "THEATRE");
  expect(screen.getByText("Mme Bélanger, Élodie")).toBeInTheDocument();
  expect(screen.queryByText("Mr. Brown0, Bo")).toBeNull();
});
