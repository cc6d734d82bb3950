import { fireEvent, render, screen } from "@testing-library/react";
import { NotificationEntryView } from "@/components/shell/notification-entry";
import { pollInterval, type NotificationEntry } from "@/components/shell/use-notifications";

const entry = (read: boolean): NotificationEntry => ({
  read,
  notification: {
    id: 7,
    body: "Staff meeting at 3",
    date: "Friday, Mar 20, 2020",
    time: "2:03 PM",
    approximateTime: "5 minutes ago",
    sender: { id: 1, name: "Ms. Okafor, Amara", initials: "AO", color: "teal" },
  },
});

describe("notifications panel pieces", () => {
  it("polls every 10 seconds for administrators and every 30 for everyone else", () => {
    expect(pollInterval("admin", true)).toBe(10_000);
    expect(pollInterval("teacher", false)).toBe(30_000);
    expect(pollInterval("sysadmin", undefined)).toBe(30_000);
  });

  it("shows sender, body, date, time and approximate time; unread ones say so; Mark Unread only when read", () => {
    const onOpen = jest.fn();
    const { rerender } = render(
      <ul>
        <NotificationEntryView entry={entry(false)} open={false} onOpen={onOpen} onMarkUnread={jest.fn()} onArchive={jest.fn()} />
      </ul>,
    );
    const opener = screen.getByRole("button", { name: /^Unread: Ms. Okafor, Amara/ });
    expect(opener).toHaveTextContent("Staff meeting at 3");
    expect(opener).toHaveTextContent("Friday, Mar 20, 2020 · 2:03 PM");
    expect(opener).toHaveTextContent("5 minutes ago");
    expect(screen.queryByRole("button", { name: "Mark Unread" })).toBeNull();
    fireEvent.click(opener);
    expect(onOpen).toHaveBeenCalled();

    rerender(
      <ul>
        <NotificationEntryView entry={entry(true)} open onOpen={onOpen} onMarkUnread={jest.fn()} onArchive={jest.fn()} />
      </ul>,
    );
    expect(screen.getByRole("button", { name: /^Ms. Okafor, Amara/ })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("button", { name: "Mark Unread" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Archive" })).toBeInTheDocument();
  });
});
