import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { AuthContext, type AuthState } from "@/components/auth/auth-context";
import type { CurrentUser } from "@/components/auth/types";
import { StaffListScreen } from "@/components/people/staff-list";
import { FocusBlockSettings } from "@/components/profile/focus-block-settings";
import { snackbar } from "@/components/ui/snackbar";
import { fetcher } from "@/lib/api/request.client";
import type { StaffListItem } from "@/lib/people/lists.server";
import type { StaffProfile } from "@/lib/core/schedule/types";

/**
 * Who takes Focus Block students, in the browser (office staff take none): the profile's switch and capacity
 * field for administrators, and the staff list's selection with its bulk action. (The server's rules:
 * tests/api/staff-capacity.test.ts.)
 */
jest.mock("@/components/ui/snackbar", () => {
  const fn = Object.assign(jest.fn(), { dismiss: jest.fn(), dismissErrors: jest.fn() });
  return { snackbar: fn, Toaster: () => null };
});
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
  usePathname: () => "/staff",
}));
const toast = snackbar as unknown as jest.Mock;

type Reply = [number, unknown];
const sent: { method: string; url: string; body: unknown }[] = [];
/** GETs answer `list`; each PUT or POST takes the next reply. */
function server(list: unknown, replies: Reply[]) {
  sent.length = 0;
  toast.mockClear();
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    let reply: Reply = [200, list];
    if (method !== "GET") {
      sent.push({ method, url, body: JSON.parse(String(init!.body)) });
      reply = replies.shift()!;
    }
    const [status, body] = reply;
    return { ok: status < 300, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
}

const profile: StaffProfile = {
  id: 7,
  first_name: "Olive",
  last_name: "Office",
  name: "Mrs. Office, Olive",
  title: "Mrs.",
  initials: "OO",
  color: "teal",
  administrator: false,
  email: "olive@x.school",
  capacity: 30,
  takes_students: true,
  starred: false,
};

describe("the profile's Focus Block panel (administrators)", () => {
  it("turns 'Takes Focus Block students' off with PUT /api/staff/{id}, keeping the names", async () => {
    server([], [[200, { ...profile, takes_students: false }]]);
    const onSaved = jest.fn();
    const user = userEvent.setup();
    render(<FocusBlockSettings staff={profile} onSaved={onSaved} />);
    const toggle = screen.getByRole("switch", { name: "Takes Focus Block students" });
    expect(toggle).toHaveAttribute("aria-checked", "true");
    expect(toggle).toHaveAccessibleDescription(/not offered to students, not in the plan picker/);
    await user.click(toggle);
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ takes_students: false })),
    );
    expect(sent).toEqual([
      {
        method: "PUT",
        url: "/api/staff/7",
        body: {
          first_name: "Olive",
          last_name: "Office",
          title: "Mrs.",
          initials: "OO",
          takes_students: false,
        },
      },
    ]);
    expect(toast).toHaveBeenCalledWith("Mrs. Office, Olive no longer takes Focus Block students.", {
      tone: "success",
    });
  });

  it("checks the capacity before sending it, then saves it; the server's refusal reads under the field", async () => {
    server(
      [],
      [
        [200, { ...profile, capacity: 12 }],
        [422, { code: "invalid", message: "x", errors: { capacity: ["Capacity can be at most 500."] } }],
      ],
    );
    const user = userEvent.setup();
    render(<FocusBlockSettings staff={profile} onSaved={jest.fn()} />);
    const field = screen.getByRole("spinbutton", { name: "Capacity" });
    const save = screen.getByRole("button", { name: "Save" });
    expect(save).toBeDisabled(); // nothing changed yet
    await user.clear(field);
    await user.type(field, "501");
    await user.click(save);
    expect(await screen.findByText("Capacity can be at most 500.")).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, "12");
    await user.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ capacity: 12 });
    expect(toast).toHaveBeenCalledWith("Updated capacity.", { tone: "success" });

    await user.clear(field);
    await user.type(field, "13");
    await user.click(save);
    expect(await screen.findByText("Capacity can be at most 500.")).toBeInTheDocument();
  });
});

const staff: StaffListItem[] = [
  ["Ada", "Lovelace", 1],
  ["Olive", "Office", 2],
  ["Pat", "Principal", 3],
].map(([first_name, last_name, id]) => ({
  id: id as number,
  first_name: first_name as string,
  last_name: last_name as string,
  name: `${first_name} ${last_name}`,
  title: "Ms.",
  email: `${String(first_name).toLowerCase()}@x.school`,
  initials: "XX",
  color: "teal",
  administrator: false,
  capacity: 30,
  takes_students: true,
  position: "",
  department: "",
  homeroom: null,
}));

function asRole(role: "admin" | "teacher", ui: ReactNode) {
  const auth = {
    status: "signed-in",
    user: { role, password_expired: false } as unknown as CurrentUser,
    settings: null,
    signOutReason: null,
    settingsFailed: false,
    signIn: jest.fn(),
    acceptToken: jest.fn(),
    signOut: jest.fn(),
    refresh: jest.fn(),
    setSettings: jest.fn(),
  } satisfies AuthState;
  return render(
    <AuthContext.Provider value={auth}>
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>{ui}</SWRConfig>
    </AuthContext.Provider>,
  );
}

describe("the staff list's bulk Focus Block action", () => {
  it("sets both for the selected rows with one POST /api/staff/bulk", async () => {
    server(staff, [[200, { updated: 2, staff: [] }]]);
    const user = userEvent.setup();
    asRole("admin", <StaffListScreen />);
    await screen.findByRole("link", { name: "Office, Olive" });
    const action = screen.getByRole("button", { name: "Focus Block" });
    expect(action).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Select Olive Office" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Pat Principal" }));
    await user.click(screen.getByRole("button", { name: "Focus Block (2)" }));
    const dialog = await screen.findByRole("dialog", { name: "Focus Block" });
    expect(dialog).toHaveTextContent("For the 2 staff members you selected.");
    // Nothing chosen: said plainly, nothing sent.
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      "Set a capacity, choose whether they take Focus Block students, or both.",
    );
    await user.selectOptions(within(dialog).getByLabelText("Takes Focus Block students"), "No");
    await user.type(within(dialog).getByRole("spinbutton", { name: "Capacity" }), "0");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: "POST",
      url: "/api/staff/bulk",
      body: { ids: [2, 3], capacity: 0, takes_students: false },
    });
    expect(toast).toHaveBeenCalledWith("Updated 2 staff members.", { tone: "success" });
    await waitFor(() => expect(screen.getByRole("button", { name: "Focus Block" })).toBeDisabled());
  });

  it("selects every row the search matches from the header box", async () => {
    server(staff, []);
    const user = userEvent.setup();
    asRole("admin", <StaffListScreen />);
    await screen.findByRole("link", { name: "Office, Olive" });
    await user.type(screen.getByRole("searchbox", { name: "Search staff" }), "ce");
    // Lovelace and Office match; Principal does not.
    await user.click(screen.getByRole("checkbox", { name: "Select all 2 matching staff members" }));
    expect(screen.getByRole("button", { name: "Focus Block (2)" })).toBeEnabled();
  });

  it("is not offered to teachers, who see no selection and no Focus Block columns", async () => {
    server(staff, []);
    asRole("teacher", <StaffListScreen />);
    await screen.findByRole("link", { name: "Office, Olive" });
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Focus Block/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: /Capacity/ })).not.toBeInTheDocument();
  });
});
