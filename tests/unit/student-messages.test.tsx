import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { StudentMessages } from "@/components/profile/student-messages";
import type { NotificationEntry } from "@/components/shell/use-notifications";

/**
 * The student's messages on /profile (a plan cancelled because its teacher left): listed first with
 * their date, each dismissed by archiving it; nothing at all when there are none.
 */
const archive = jest.fn(async (_path: string) => ({}));
jest.mock("@/lib/api/request.client", () => ({
  ...jest.requireActual("@/lib/api/request.client"),
  apiPut: (path: string) => archive(path),
}));

const entry = (id: number, body: string): NotificationEntry => ({
  read: false,
  notification: {
    id,
    body,
    date: "Tuesday, Dec 1, 2026",
    time: "3:04 PM",
    approximateTime: "Just now",
    sender: { id: null, name: "Flexblock", initials: "FB", color: "indigo" },
  },
});

function renderWith(list: NotificationEntry[]) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: async () => list, dedupingInterval: 0 }}>
      <StudentMessages />
    </SWRConfig>,
  );
}

it("shows each message with its date and dismisses one by archiving it, focus moving to the heading", async () => {
  const user = userEvent.setup();
  renderWith([
    entry(7, "Mr. Ramos, Luis no longer takes students (their account was disabled), so your plan with them for Mon Dec 7, 2026 was cancelled. Choose another teacher for Mon Dec 7, 2026."),
    entry(8, "Another message."),
  ]);
  expect(await screen.findByRole("heading", { name: "2 messages for you" })).toBeInTheDocument();
  expect(screen.getByText(/no longer takes students \(their account was disabled\)/)).toBeInTheDocument();
  expect(screen.getAllByText("Tuesday, Dec 1, 2026, 3:04 PM")).toHaveLength(2);
  const dismiss = screen.getAllByRole("button", { name: /^Dismiss the message of Tuesday, Dec 1, 2026, 3:04 PM$/ });
  await user.click(dismiss[0]!);
  expect(archive).toHaveBeenCalledWith("/api/notifications/archive/7");
  await waitFor(() => expect(screen.queryByText(/no longer takes students/)).not.toBeInTheDocument());
  expect(screen.getByRole("heading", { name: "A message for you" })).toHaveFocus();
});

it("shows nothing without messages", async () => {
  const { container } = renderWith([]);
  await waitFor(() => expect(container).toBeEmptyDOMElement());
});
