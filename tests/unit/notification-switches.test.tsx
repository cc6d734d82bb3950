import { fireEvent, render, screen, within } from "@testing-library/react";
import { NotificationSwitches } from "@/components/reach/notification-switches";
import type { NotificationPreferences } from "@/lib/reach/preferences";

const ON = { reminders: true, changes: true, digest: true };
const preferences = (change: Partial<NotificationPreferences> = {}): NotificationPreferences => ({
  email: ON,
  push: { ...ON, digest: false },
  mandatory: [],
  email_address: "rosa@students.example",
  email_configured: true,
  devices: 0,
  ...change,
});

describe("the Notifications panel's switches", () => {
  it("shows an Email and a Push switch per kind, and says which one changed", () => {
    const onChange = jest.fn();
    render(<NotificationSwitches preferences={preferences()} saving={null} onChange={onChange} />);
    const digest = screen.getByRole("group", { name: "Morning list and weekly summaries" });
    expect(within(digest).getByRole("switch", { name: "Push" })).toHaveAttribute("aria-checked", "false");
    const reminders = screen.getByRole("group", { name: "Reminders to choose a teacher" });
    fireEvent.click(within(reminders).getByRole("switch", { name: "Email" }));
    expect(onChange).toHaveBeenCalledWith("email", "reminders", false);
  });

  it("locks a kind the school made mandatory and says why", () => {
    render(<NotificationSwitches preferences={preferences({ mandatory: ["changes"] })} saving={null} onChange={jest.fn()} />);
    const changes = screen.getByRole("group", { name: "When someone changes my Focus Block, and why" });
    expect(within(changes).getByText("Your school requires notices when someone changes your Focus Block, so they cannot be turned off.")).toBeInTheDocument();
    for (const name of ["Email", "Push"]) {
      const control = within(changes).getByRole("switch", { name });
      expect(control).toBeDisabled();
      expect(control).toHaveAccessibleDescription("Locked on by your school.");
    }
  });

  it("turns email off for an account without an address, and says so", () => {
    render(<NotificationSwitches preferences={preferences({ email_address: null })} saving={null} onChange={jest.fn()} />);
    const reminders = screen.getByRole("group", { name: "Reminders to choose a teacher" });
    expect(within(reminders).getByRole("switch", { name: "Email" })).toBeDisabled();
    expect(within(reminders).getByRole("switch", { name: "Email" })).toHaveAttribute("aria-checked", "false");
    expect(within(reminders).getByRole("switch", { name: "Email" })).toHaveAccessibleDescription("Your account has no email address, so no email is sent.");
    expect(within(reminders).getByRole("switch", { name: "Push" })).toBeEnabled();
  });
});
