import { render, screen, within } from "@testing-library/react";
import { ScheduledList } from "@/components/checkin/scheduled-list";
import { WaitlistEntries } from "@/components/calendar/waitlist-list";
import { ordinal } from "@/components/calendar/waitlist-words";
import { schoolInstant } from "@/lib/core/time";

/** The check-in screen's Scheduled list shows the teacher's waitlist in line order, the order seats go in. */
const auth = { settings: { values: { timezone: { value: "America/Vancouver" } }, groups: [] } };
jest.mock("@/components/auth/use-auth", () => ({
  useAuth: () => auth,
  useSignedInUser: () => auth,
}));

const entry = (position: number, id: number, name: string, offered_until: string | null = null) => ({
  position,
  student: { id, name, grade: 10, student_number: String(100000 + id) },
  joined_at: "2026-12-01T16:00:00.000Z",
  offered_until,
});

it("says places as English ordinals", () => {
  expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
    "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th",
  ]);
});

it("lists the waitlist under Scheduled, first in line first, with a held seat's time", () => {
  render(
    <ScheduledList
      planned={[]}
      loading={false}
      disabled={false}
      onCheckIn={async () => true}
      waitlist={
        <WaitlistEntries
          heading="Waitlist (2)"
          entries={[entry(1, 5, "Gabriel Rossi", schoolInstant("2026-12-09", "09:30", "America/Vancouver").toISOString()), entry(2, 6, "Maya Castellano")]}
        />
      }
    />,
  );
  expect(screen.getByRole("heading", { name: "Waitlist (2)" })).toBeInTheDocument();
  const items = within(screen.getByRole("list", { name: "Waitlist, first in line first" })).getAllByRole("listitem");
  expect(items.map((li) => li.textContent)).toEqual(["1stGabriel RossiSeat held until 09:30", "2ndMaya Castellano"]);
  expect(within(items[0]!).getByRole("link", { name: "Gabriel Rossi" })).toHaveAttribute("href", "/students/5");
});
