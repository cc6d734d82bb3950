import { render, screen, within } from "@testing-library/react";
import type { CurrentUser } from "@/components/auth/types";
import { StaffBlockDialogBody } from "@/components/calendar/staff-block-dialog";
import type { ScheduleDay, StaffScheduleBlock } from "@/lib/core/schedule/types";
import { schoolInstant } from "@/lib/core/time";

/** A teacher's block says which planned students were placed by default rather than choosing, so the teacher can follow up. */
const auth = { settings: { values: { timezone: { value: "America/Vancouver" } }, groups: [] } };
jest.mock("@/components/auth/use-auth", () => ({
  useAuth: () => auth,
  useSignedInUser: () => auth,
}));

const teacher = { id: 7, name: "Mr. Reyes, Daniel" };
const plan = (id: number, name: string, reason: StaffScheduleBlock["planned"][number]["reason"]) => ({
  id,
  date: "2026-11-24",
  block_id: 2,
  student: { id, name },
  staff: teacher,
  reason,
});

const block: StaffScheduleBlock = {
  id: 2,
  start: "9:26 AM",
  end: "10:06 AM",
  label: "Focus Block",
  flex: true,
  pending: true,
  scheduled: null,
  amendments: [],
  appointments: [],
  logs: [],
  planned: [
    // 08:00 in Vancouver, whatever the runtime's zone data says its offset is that day.
    plan(1, "Maya Castellano", {
      kind: "placed",
      teacher,
      at: schoolInstant("2026-11-24", "08:00", "America/Vancouver").toISOString(),
    }),
    plan(2, "Ben Chooser", { kind: "chosen", teacher, at: "2026-11-20T18:00:00.000Z" }),
  ],
};

it("says a planned student was placed with their homeroom teacher at the cutoff, and nothing of a chosen plan", () => {
  render(
    <StaffBlockDialogBody
      block={block}
      day={{ date: { iso: "2026-11-24" } } as ScheduleDay<StaffScheduleBlock>}
      isOwner
      user={{ account_type: "staff", role: "teacher", details: { id: 7 } } as unknown as CurrentUser}
      onChanged={jest.fn()}
      onChooseTopic={jest.fn()}
    />,
  );
  const [placed, chosen] = screen.getAllByRole("listitem").filter((item) => within(item).queryByRole("link"));
  expect(placed).toHaveTextContent("Maya Castellano");
  // 08:00 in Vancouver (16:00 UTC in November).
  expect(placed).toHaveTextContent("Placed with their homeroom teacher, Mr. Reyes, at the 08:00 cutoff.");
  expect(chosen).toHaveTextContent("Ben Chooser");
  expect(chosen).not.toHaveTextContent(/Placed|chose/);
});
