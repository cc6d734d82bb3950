import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { AuthContext, type AuthState } from "@/components/auth/auth-context";
import { EditStaffButton } from "@/components/people/staff-dialog";
import { fetcher } from "@/lib/api/request.client";

/** An administrator changes a staff member's email in the Edit Staff dialog. */
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
  usePathname: () => "/staff/7",
}));

const STAFF = {
  id: 7,
  email: "ada@school.test",
  first_name: "Ada",
  last_name: "Lovelace",
  title: "Ms.",
  initials: "AL",
  administrator: false,
};

function renderEdit(answer: { status: number; body: unknown }) {
  const fetchMock = jest.fn(async () => ({
    ok: answer.status < 400,
    status: answer.status,
    text: async () => JSON.stringify(answer.body),
    headers: new Headers({ "content-type": "application/json" }),
  }));
  global.fetch = fetchMock as unknown as typeof fetch;
  const onSaved = jest.fn();
  const auth = { status: "signed-in", user: null, settings: null } as unknown as AuthState;
  render(
    <AuthContext.Provider value={auth}>
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
        <EditStaffButton staff={STAFF} onSaved={onSaved} />
      </SWRConfig>
    </AuthContext.Provider>,
  );
  return { fetchMock, onSaved };
}

it("shows the email and sends a changed one with the other fields", async () => {
  const user = userEvent.setup();
  const { fetchMock, onSaved } = renderEdit({ status: 200, body: { id: 7 } });
  await user.click(screen.getByRole("button", { name: "Edit" }));
  const dialog = await screen.findByRole("dialog", { name: "Edit Staff" });
  const email = within(dialog).getByRole("textbox", { name: "Email" });
  expect(email).toHaveValue("ada@school.test");
  await user.clear(email);
  await user.type(email, "ada.king@school.test");
  await user.click(within(dialog).getByRole("button", { name: "Save" }));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  const put = fetchMock.mock.calls.find((call) => (call as unknown[])[0] === "/api/staff/7") as unknown[];
  expect(put).toBeDefined();
  const init = put[1] as RequestInit;
  expect(init.method).toBe("PUT");
  expect(JSON.parse(String(init.body))).toMatchObject({ email: "ada.king@school.test", first_name: "Ada" });
});

it("shows the server's 422 on the email field", async () => {
  const user = userEvent.setup();
  renderEdit({
    status: 422,
    body: {
      error: "invalid",
      message: "That email is already used by another account.",
      errors: { email: ["That email is already used by another account."] },
    },
  });
  await user.click(screen.getByRole("button", { name: "Edit" }));
  const dialog = await screen.findByRole("dialog", { name: "Edit Staff" });
  const email = within(dialog).getByRole("textbox", { name: "Email" });
  await user.clear(email);
  await user.type(email, "taken@school.test");
  await user.click(within(dialog).getByRole("button", { name: "Save" }));
  expect(await within(dialog).findByText("That email is already used by another account.")).toBeVisible();
});
