import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CreateDialog } from "@/components/api-tokens/create-token-dialog";

/**
 * Create an API token: the route's rules checked before anything is sent, the expiry sent as days or as
 * the date typed, a wrong password said on the password (which is emptied). (The rules: tests/api/api-tokens.test.ts.)
 */
jest.mock("@/components/ui/snackbar", () => {
  const fn = Object.assign(jest.fn(), { dismiss: jest.fn(), dismissErrors: jest.fn() });
  return { snackbar: fn, Toaster: () => null };
});

const sent: unknown[] = [];
function server(replies: [number, unknown][]) {
  sent.length = 0;
  global.fetch = jest.fn(async (_url: string, init?: RequestInit) => {
    sent.push(JSON.parse(String(init!.body)));
    const [status, body] = replies.shift()!;
    return { ok: status < 300, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
}

it("checks the fields first, sends the expiry as the body wants it, and says a wrong password by the password", async () => {
  const created = { id: 1, name: "SIS", token: "fbk_x" };
  server([
    [401, { code: "invalid_credentials", message: "x", errors: { password: ["Wrong."] } }],
    [200, created],
  ]);
  const onCreated = jest.fn();
  const user = userEvent.setup();
  render(<CreateDialog open onOpenChange={jest.fn()} onCreated={onCreated} />);
  await user.click(screen.getByRole("button", { name: "Create token" }));
  expect(await screen.findByText("This field cannot be empty.")).toBeInTheDocument();
  expect(sent).toEqual([]);

  await user.type(screen.getByRole("textbox", { name: "Name" }), "SIS");
  await user.click(screen.getByRole("checkbox", { name: /^roster:write/ }));
  await user.selectOptions(screen.getByLabelText("Expires after"), "Until a date");
  const password = screen.getByLabelText(/^Your password/);
  await user.type(password, "wrong-one");
  await user.click(screen.getByRole("button", { name: "Create token" }));
  expect(await screen.findByText("Give a date as YYYY-MM-DD.")).toBeInTheDocument();
  expect(sent).toEqual([]);

  await user.type(screen.getByLabelText(/^Expires on/), "2027-03-01");
  await user.click(screen.getByRole("button", { name: "Create token" }));
  expect(await screen.findByText("That didn't work. Please try again.")).toBeInTheDocument();
  expect(password).toHaveValue("");
  expect(sent[0]).toEqual({ name: "SIS", scopes: ["reports:read", "roster:write"], password: "wrong-one", expires_on: "2027-03-01" });

  await user.selectOptions(screen.getByLabelText("Expires after"), "90 days");
  await user.type(password, "right-one");
  await user.click(screen.getByRole("button", { name: "Create token" }));
  await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
  expect(sent[1]).toEqual({ name: "SIS", scopes: ["reports:read", "roster:write"], password: "right-one", expires_in_days: 90 });
});
