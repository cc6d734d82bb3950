import { render, screen, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { KioskAdmin } from "@/components/kiosk/kiosk-admin";
import type { KioskView } from "@/lib/kiosk/service.server";

/** /kiosks shows instants in the school's time zone (the `timezone` setting), not the browser's. */
const auth = {
  user: { role: "admin" },
  settings: { values: { timezone: { value: "Asia/Tokyo" } }, groups: [] },
};
jest.mock("@/components/auth/use-auth", () => ({
  useAuth: () => auth,
  useSignedInUser: () => auth,
}));

const kiosks: KioskView[] = [
  {
    id: 1,
    label: "Room 204 door",
    staff: { id: 3, name: "Ms. Lovelace, Ada" },
    // 20:30 UTC on 22 November is 05:30 on 23 November in Tokyo.
    created_at: "2026-11-22T20:30:00.000Z",
    last_used_at: null,
    revoked_at: "2026-11-23T16:05:00.000Z",
  },
];

it("shows created, last used and revoked in the school's zone", async () => {
  const fetcher = async () => ({ kiosks });
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <KioskAdmin />
    </SWRConfig>,
  );
  const row = (await screen.findByText("Room 204 door")).closest("tr")!;
  expect(within(row).getByText("Nov 23, 2026, 5:30 AM")).toBeInTheDocument();
  expect(within(row).getByText("Never")).toBeInTheDocument();
  expect(row).toHaveTextContent("Revoked Nov 24, 2026, 1:05 AM");
});
