import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { CredentialActions } from "@/components/credentials/credential-actions";
import { CredentialsManagerScreen } from "@/components/credentials/credentials-manager";
import { ResetPasswordsDialog } from "@/components/credentials/reset-passwords-dialog";
import { snackbar } from "@/components/ui/snackbar";
import { fetcher } from "@/lib/api/request.client";
import type { CredentialUser } from "@/lib/credentials/present";

/**
 * The Credentials Manager's screen rules (the server's rules: tests/api/credentials*.test.ts): the
 * table's pages, what can be selected, the password confirmation's answers, and the temporary
 * passwords that must not be lost to a stray click.
 */

jest.mock("@/components/ui/snackbar", () => {
  const fn = Object.assign(jest.fn(), { dismiss: jest.fn(), dismissErrors: jest.fn() });
  return { snackbar: fn, Toaster: () => null };
});
const me = { user: { id: 1, role: "admin" }, settings: { values: {}, groups: [] } };
jest.mock("@/components/auth/use-auth", () => ({ useAuth: () => me, useSignedInUser: () => me }));

const toast = snackbar as unknown as jest.Mock;

type Reply = [number, unknown];
const sent: { method: string; url: string; body: unknown }[] = [];
/** fetch by method and path. */
function routes(table: Record<string, Reply>) {
  sent.length = 0;
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const [status, body] = table[`${method} ${url}`] ?? [404, { message: "no" }];
    return { ok: status < 300, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
}

beforeEach(() => toast.mockClear());

function user(id: number, patch: Partial<CredentialUser> = {}): CredentialUser {
  return {
    id,
    username: `1000${String(id).padStart(2, "0")}`,
    name: `Student ${String(id).padStart(2, "0")}`,
    initials: "ST",
    color: "green",
    role: "student",
    display_role: "Student",
    status: "Active",
    account_status: "active",
    password_expired: false,
    password_status: "Valid",
    sso_linked: false,
    can_manage: true,
    account_type: "student",
    details: { id, initials: "ST", color: "green", name: `Student ${String(id).padStart(2, "0")}`, first_name: "Student", last_name: String(id), grade: 10 },
    ...patch,
  };
}

describe("the Users table", () => {
  const users = [
    user(1, {
      name: "Ada Admin",
      username: "admin@demo.school",
      role: "admin",
      display_role: "Administrator",
      can_manage: false,
    }),
    user(2, { sso_linked: true }),
    ...Array.from({ length: 13 }, (_, i) => user(i + 3)),
  ];

  function renderScreen() {
    routes({ "GET /api/users": [200, users] });
    render(
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
        <CredentialsManagerScreen />
      </SWRConfig>,
    );
  }

  it("shows 10 rows a page first, with pages of 5, 10 and 25 (and 50 and 100 for long lists)", async () => {
    renderScreen();
    const table = await screen.findByRole("table", { name: "Users" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(11));
    const pageSize = screen.getByRole("combobox", { name: "Rows per page" });
    expect(pageSize).toHaveValue("10");
    expect(
      within(pageSize)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["5", "10", "25", "50", "100"]);
    expect(screen.getByText("1–10 of 15")).toBeInTheDocument();
  });

  it("selects every account matching the search, never one the caller may not change", async () => {
    renderScreen();
    await screen.findByText("Student 02");
    expect(screen.getByRole("checkbox", { name: "Select Ada Admin" })).toBeDisabled();
    await userEvent.type(screen.getByRole("searchbox", { name: "Search users" }), "Student 1");
    const all = await screen.findByRole("checkbox", { name: "Select all 6 matching accounts" });
    await userEvent.click(all);
    expect(screen.getByText("6 selected")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reset Passwords" })).toBeEnabled();
  });
});

describe("single sign-on in the Credentials Manager", () => {
  it("marks accounts linked to a school account", async () => {
    routes({ "GET /api/users": [200, [user(2, { sso_linked: true }), user(3)]] });
    render(
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
        <CredentialsManagerScreen />
      </SWRConfig>,
    );
    const linked = await screen.findByRole("row", { name: /Student 02/ });
    expect(within(linked).getAllByText("School account").length).toBeGreaterThan(0);
    expect(within(screen.getByRole("row", { name: /Student 03/ })).queryByText("School account")).toBeNull();
  });

  it.each([
    [[{ id: "oidc", name: "School account" }], 1],
    [[], 0],
  ])("offers Reset Single Sign-On only where a provider is set up (%j)", async (sso, buttons) => {
    routes({ "GET /api/settings/unauthenticated": [200, { sso }] });
    render(
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
        <CredentialActions selected={[5]} onDone={jest.fn()} onPasswords={jest.fn()} />
      </SWRConfig>,
    );
    await waitFor(() => expect(sent.some((s) => s.url === "/api/settings/unauthenticated")).toBe(true));
    await waitFor(() =>
      expect(screen.queryAllByRole("button", { name: "Reset Single Sign-On" })).toHaveLength(buttons),
    );
    expect(screen.getByRole("button", { name: "Disable Accounts" })).toBeInTheDocument();
  });
});

describe("the password confirmation", () => {
  async function confirmWith(password: string) {
    await userEvent.click(screen.getByRole("button", { name: "Disable Accounts" }));
    const dialog = await screen.findByRole("dialog", { name: "Disable Accounts?" });
    await userEvent.type(within(dialog).getByLabelText("Your password"), password);
    await userEvent.click(within(dialog).getByRole("button", { name: "Disable Accounts" }));
    return dialog;
  }

  it("runs the action after the right password and says so in the spec's words", async () => {
    routes({
      "POST /api/verify-user": [200, { message: "Verified user successfully" }],
      "POST /api/users/disable-users": [
        200,
        { message: "Disabled accounts successfully.", action: "disable-users", count: 2, user_ids: [5, 6] },
      ],
    });
    const onDone = jest.fn();
    render(<CredentialActions selected={[5, 6]} onDone={onDone} onPasswords={jest.fn()} />);
    await confirmWith("my-password");
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(toast).toHaveBeenCalledWith("Disabled accounts successfully.");
    expect(sent.map((s) => [s.method, s.url, s.body])).toEqual([
      ["POST", "/api/verify-user", { password: "my-password" }],
      ["POST", "/api/users/disable-users", { user_ids: [5, 6] }],
    ]);
  });

  it("keeps the dialog open on a wrong password, with the spec's sentence, and changes nothing", async () => {
    routes({ "POST /api/verify-user": [401, { message: "no", code: "bad_credentials" }] });
    render(<CredentialActions selected={[5]} onDone={jest.fn()} onPasswords={jest.fn()} />);
    const dialog = await confirmWith("wrong");
    expect(await within(dialog).findByText("That didn't work. Please try again.")).toBeInTheDocument();
    expect(sent.map((s) => s.url)).toEqual(["/api/verify-user"]);
  });

  it("says why when the confirmation is refused for another reason (too many attempts)", async () => {
    const message = "Too many attempts. Please wait 15 minutes and try again.";
    routes({ "POST /api/verify-user": [429, { message, code: "too_many_attempts" }] });
    render(<CredentialActions selected={[5]} onDone={jest.fn()} onPasswords={jest.fn()} />);
    const dialog = await confirmWith("whatever");
    await waitFor(() => expect(toast).toHaveBeenCalledWith(message, { tone: "error" }));
    expect(dialog).toBeInTheDocument();
    expect(sent.map((s) => s.url)).toEqual(["/api/verify-user"]);
  });
});

describe("the temporary passwords", () => {
  const passwords = [
    { user_id: 5, username: "100005", name: "Jane Doe", display_role: "Student", password: "Abcdefgh234567" },
  ];

  it("stay on screen until Done: Escape and a click outside do not lose them", async () => {
    const onClose = jest.fn();
    render(<ResetPasswordsDialog passwords={passwords} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Temporary passwords" });
    // Radix listens for outside pointer-downs from the next tick on.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await userEvent.keyboard("{Escape}");
    fireEvent.pointerDown(document.body);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByText("Abcdefgh234567")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
