import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { FamilyContacts } from "@/components/profile/family-contacts";
import { fetcher } from "@/lib/api/request.client";

/**
 * The profile's "Family contacts" (guardians, who have no account): the empty state, a teacher's view (names and relationship,
 * no form), and an administrator adding one by keyboard, with the server's 409 said in the email field.
 * (The rules: tests/api/guardians.test.ts.)
 */
jest.mock("@/components/ui/snackbar", () => {
  const fn = Object.assign(jest.fn(), { dismiss: jest.fn(), dismissErrors: jest.fn() });
  return { snackbar: fn, Toaster: () => null };
});

type Reply = [number, unknown];
const posted: unknown[] = [];
function server(list: unknown[], postReplies: Reply[] = []) {
  posted.length = 0;
  global.fetch = jest.fn(async (_url: string, init?: RequestInit) => {
    let reply: Reply = [200, { guardians: list, addresses_shown: true }];
    if (init?.method === "POST") {
      posted.push(JSON.parse(String(init.body)));
      reply = postReplies.shift()!;
    }
    const [status, body] = reply;
    return { ok: status < 300, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
}

const wrap = (node: React.ReactNode) =>
  render(<SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>{node}</SWRConfig>);

it("shows the empty state, and a teacher gets names and relationship without a form", async () => {
  server([]);
  const { unmount } = wrap(<FamilyContacts studentId={7} studentName="Rosa Diaz" canEdit={false} />);
  expect(await screen.findByText("No family contacts yet.")).toBeInTheDocument();
  expect(screen.queryByRole("form")).toBeNull();
  unmount();

  server([{ id: 1, name: "Ana Ruiz", relationship: "parent", source: "manual" }]);
  wrap(<FamilyContacts studentId={7} studentName="Rosa Diaz" canEdit={false} />);
  const item = await screen.findByRole("listitem");
  expect(item).toHaveTextContent("Ana Ruiz · Parent");
  expect(within(item).queryByRole("button")).toBeNull();
});

it("an administrator adds a contact by keyboard; a duplicate is said in the email field", async () => {
  const user = userEvent.setup();
  const EXISTS = "This student already has a family contact with that email address.";
  server([], [[409, { code: "guardian_exists", message: EXISTS }]]);
  wrap(<FamilyContacts studentId={7} studentName="Rosa Diaz" canEdit />);
  const form = await screen.findByRole("form", { name: "Add a family contact" });
  await user.click(within(form).getByLabelText("Name"));
  await user.keyboard("Ana Ruiz");
  await user.tab();
  await user.keyboard("ana@family.example");
  await user.tab();
  await user.selectOptions(within(form).getByLabelText("Relationship"), "relative");
  await user.tab();
  // Their emails' language: the school's unless chosen.
  expect(within(form).getByLabelText("Language")).toHaveFocus();
  await user.selectOptions(within(form).getByLabelText("Language"), "es");
  await user.tab();
  expect(within(form).getByRole("button", { name: "Add contact" })).toHaveFocus();
  await user.keyboard("{Enter}");
  expect(await within(form).findByText(EXISTS)).toBeInTheDocument();
  expect(posted).toEqual([{ name: "Ana Ruiz", email: "ana@family.example", relationship: "relative", locale: "es" }]);
});
