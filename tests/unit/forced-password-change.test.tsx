import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AuthContext, type AuthState } from "@/components/auth/auth-context";
import { ForcedPasswordChange } from "@/components/auth/forced-password-change";
import type { CurrentUser } from "@/components/auth/types";

function renderForm() {
  const auth = {
    status: "signed-in",
    user: { username: "new@demo.school", password_expired: true } as CurrentUser,
    settings: null,
    signOutReason: null,
    settingsFailed: false,
    signIn: jest.fn(),
    acceptToken: jest.fn(),
    signOut: jest.fn(),
    refresh: jest.fn(),
    setSettings: jest.fn(),
  } satisfies AuthState;
  render(
    <AuthContext.Provider value={auth}>
      <ForcedPasswordChange />
    </AuthContext.Provider>,
  );
  return auth;
}

describe("ForcedPasswordChange", () => {
  it("shows the server's reason under the new password when it refuses one", async () => {
    const reason = "You cannot use that password. This is similar to a commonly used password.";
    global.fetch = jest.fn(async () => ({
      ok: false,
      status: 422,
      text: async () => JSON.stringify({ message: reason, code: "invalid", errors: { new_password: [reason] } }),
    })) as unknown as typeof fetch;
    const auth = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Old password"), "demo-password");
    await user.type(screen.getByLabelText("New password"), "letmein123");
    await user.type(screen.getByLabelText("Confirm new password"), "letmein123");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    expect(await screen.findByLabelText("New password")).toHaveAccessibleDescription(reason);
    expect(auth.refresh).not.toHaveBeenCalled();
  });

  it("refuses the username padded with spaces before asking the server", async () => {
    global.fetch = jest.fn() as unknown as typeof fetch;
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Old password"), "demo-password");
    await user.type(screen.getByLabelText("New password"), "  NEW@demo.school ");
    await user.type(screen.getByLabelText("Confirm new password"), "  NEW@demo.school ");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    expect(screen.getByLabelText("New password")).toHaveAccessibleDescription("You cannot use that password.");
    expect(global.fetch).not.toHaveBeenCalled();
  });
});
