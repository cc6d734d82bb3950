import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AuthContext, type AuthState } from "@/components/auth/auth-context";
import { AuthProvider } from "@/components/auth/auth-provider";
import type { AppSettings, CurrentUser } from "@/components/auth/types";
import { SettingsScreen } from "@/components/settings/settings-screen";
import { snackbar } from "@/components/ui/snackbar";
import { setStored } from "@/lib/storage.client";

/** One message per event, in the place the spec names, and none carried from one screen to the next. */

jest.mock("@/components/ui/snackbar", () => {
  const fn = Object.assign(jest.fn(), { dismiss: jest.fn(), dismissErrors: jest.fn() });
  return { snackbar: fn, Toaster: () => null };
});
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
  usePathname: () => "/settings",
}));

const toast = snackbar as unknown as jest.Mock & { dismiss: jest.Mock };
const teacher = {
  id: 1,
  role: "teacher",
  account_type: "staff",
  username: "new@demo.school",
  display_name: "Mr. New",
  display_role: "Teacher",
  password_expired: true,
  initials: "N",
  color: "blue",
  details: { id: 7 },
};
const noSettings = { values: {}, groups: [] };

type Reply = [number, unknown];
/** fetch by method and path; a function answers from the test's current state. */
function routes(table: Record<string, Reply | (() => Reply)>) {
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const entry = table[`${init?.method ?? "GET"} ${url}`];
    const [status, body] = typeof entry === "function" ? entry() : (entry ?? [404, { message: "no" }]);
    return { ok: status < 300, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
}

beforeEach(() => {
  window.localStorage.clear();
  toast.mockClear();
  toast.dismiss.mockClear();
});

describe("messages at sign-in and the forced password change", () => {
  it("a settings failure at sign-in shows only the login screen's flag, no snackbar", async () => {
    setStored("token", "tok");
    routes({
      "GET /api/user": [200, teacher],
      "GET /api/settings": [500, { message: "boom" }],
      "POST /api/logout": [200, {}],
    });
    let flag = false;
    function Probe() {
      return (
        <AuthContext.Consumer>
          {(auth) => {
            flag = !!auth?.settingsFailed;
            return <p>{auth?.status}</p>;
          }}
        </AuthContext.Consumer>
      );
    }
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText("signed-out");
    expect(flag).toBe(true);
    expect(toast).not.toHaveBeenCalled();
  });

  it("a disallowed new password shows the field's reason and no snackbar", async () => {
    setStored("token", "tok");
    const reason = "You cannot use that password.";
    routes({
      "GET /api/user": [200, teacher],
      "GET /api/settings": [200, noSettings],
      "POST /api/change-password": [
        422,
        { message: reason, code: "invalid", errors: { new_password: [reason] } },
      ],
    });
    render(<AuthProvider>app</AuthProvider>);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Old password"), "demo-password");
    await user.type(screen.getByLabelText("New password"), "password123");
    await user.type(screen.getByLabelText("Confirm new password"), "password123");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    await waitFor(() => expect(screen.getByLabelText("New password")).toHaveAccessibleDescription(reason));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });

  it("a wrong old password is told once, beside the old password", async () => {
    setStored("token", "tok");
    routes({
      "GET /api/user": [200, teacher],
      "GET /api/settings": [200, noSettings],
      "POST /api/change-password": [
        401,
        { message: "The given credentials were not correct.", code: "wrong_password" },
      ],
    });
    render(<AuthProvider>app</AuthProvider>);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Old password"), "not-it");
    await user.type(screen.getByLabelText("New password"), "a-long-new-phrase");
    await user.type(screen.getByLabelText("Confirm new password"), "a-long-new-phrase");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Old password")).toHaveAccessibleDescription(
        "That didn't work. Please try again.",
      ),
    );
    expect(screen.getAllByText("That didn't work. Please try again.")).toHaveLength(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it("snackbars from before the forced change are dismissed as the app replaces it; 'Changed passsword.' stays", async () => {
    setStored("token", "tok");
    let expired = true;
    routes({
      "GET /api/user": () => [200, { ...teacher, password_expired: expired }],
      "GET /api/settings": [200, noSettings],
      "POST /api/change-password": () => {
        expired = false;
        return [200, "Changed passsword."];
      },
    });
    render(<AuthProvider>the app</AuthProvider>);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Old password"), "demo-password");
    expect(toast.dismiss).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText("New password"), "a-long-new-phrase");
    await user.type(screen.getByLabelText("Confirm new password"), "a-long-new-phrase");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    await screen.findByText("the app");
    await waitFor(() => expect(toast).toHaveBeenCalledWith("Changed passsword.", { tone: "success" }));
    expect(toast.dismiss).toHaveBeenCalledTimes(1);
    expect(toast.dismiss.mock.invocationCallOrder[0]!).toBeLessThan(toast.mock.invocationCallOrder[0]!);
  });
});

describe("messages on the settings screen", () => {
  const settings = {
    values: {},
    groups: [
      {
        id: 1,
        name: "Scheduling",
        description: "Limits",
        settings: [
          {
            id: 1,
            key: "appointment_limit",
            type: "numeric",
            value: 3,
            description: "Per block",
            min: null,
            max: null,
          },
        ],
      },
    ],
  } as unknown as AppSettings;
  function renderScreen() {
    const auth = {
      status: "signed-in",
      user: { ...teacher, role: "admin", password_expired: false } as unknown as CurrentUser,
      settings,
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
        <SettingsScreen />
      </AuthContext.Provider>,
    );
  }

  it("a refused value is told under the setting only; a failure about no setting is one snackbar", async () => {
    routes({
      "PUT /api/settings": [
        422,
        { message: "Invalid", code: "invalid", errors: { appointment_limit: ["Must be at most 5."] } },
      ],
    });
    renderScreen();
    const user = userEvent.setup();
    const field = screen.getByRole("spinbutton");
    await user.clear(field);
    await user.type(field, "9");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Must be at most 5.")).toBeInTheDocument();
    expect(toast).not.toHaveBeenCalled();

    routes({ "PUT /api/settings": [500, { message: "boom" }] });
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1));
    expect(toast).toHaveBeenCalledWith("That didn't work. Please try again.", { tone: "error" });
  });
});
