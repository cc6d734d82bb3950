import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { EditStudentButton, type EditableStudent } from "@/components/people/student-dialog";
import { fetcher } from "@/lib/api/request.client";

/**
 * The Edit Student dialog's "Preferred first name" field (the name a student goes by): prefilled from the profile, sent
 * with the other fields, blank sent as null (none), and the server's message shown in the field.
 */
jest.mock("@/components/ui/snackbar", () => {
  const fn = Object.assign(jest.fn(), { dismiss: jest.fn(), dismissErrors: jest.fn() });
  return { snackbar: fn, Toaster: () => null };
});
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
  usePathname: () => "/students/7",
}));

type Reply = [number, unknown];
const sent: unknown[] = [];
/** GET /api/staff answers no teachers (the default-teacher choices); each PUT takes the next reply. */
function server(replies: Reply[]) {
  sent.length = 0;
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    let reply: Reply = [200, []];
    if (init?.method === "PUT" && url === "/api/students/7") {
      sent.push(JSON.parse(String(init.body)));
      reply = replies.shift()!;
    }
    const [status, body] = reply;
    return { ok: status < 300, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
}

const jonathan: EditableStudent = {
  id: 7,
  first_name: "Jonathan",
  last_name: "Quimby",
  preferred_first_name: "Jay",
  initials: "JQ",
  grade: 8,
  default_teacher: null,
};

function renderEdit(student: EditableStudent, onSaved = jest.fn()) {
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <EditStudentButton student={student} onSaved={onSaved} />
    </SWRConfig>,
  );
  return onSaved;
}

async function openEdit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Edit" }));
  return screen.findByRole("dialog", { name: "Edit Student" });
}

it("shows the preferred first name, sends a change with the legal name kept, and a blank one as null", async () => {
  server([
    [200, { id: 7, first_name: "J.", last_name: "Quimby", name: "J. Quimby" }],
    [200, { id: 7, first_name: "Jonathan", last_name: "Quimby", name: "Jonathan Quimby" }],
  ]);
  const user = userEvent.setup();
  const onSaved = renderEdit(jonathan);
  let dialog = await openEdit(user);
  const field = within(dialog).getByRole("textbox", { name: "Preferred first name" });
  expect(field).toHaveValue("Jay");
  expect(within(dialog).getByRole("textbox", { name: "First name" })).toHaveValue("Jonathan");
  await user.clear(field);
  await user.type(field, "J.");
  await user.click(within(dialog).getByRole("button", { name: "Save" }));
  await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  expect(sent[0]).toMatchObject({ first_name: "Jonathan", last_name: "Quimby", preferred_first_name: "J." });

  // Blank: none (null), which clears it on the server.
  dialog = await openEdit(user);
  await user.clear(within(dialog).getByRole("textbox", { name: "Preferred first name" }));
  await user.click(within(dialog).getByRole("button", { name: "Save" }));
  await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
  expect(sent[1]).toMatchObject({ first_name: "Jonathan", preferred_first_name: null });
});

it("starts blank for a student without one, and shows the server's message in the field", async () => {
  const message = "The preferred first name may not be greater than 100 characters.";
  server([[422, { code: "invalid", message: "The given data was invalid.", errors: { preferred_first_name: [message] } }]]);
  const user = userEvent.setup();
  renderEdit({ ...jonathan, preferred_first_name: null });
  const dialog = await openEdit(user);
  const field = within(dialog).getByRole("textbox", { name: "Preferred first name" });
  expect(field).toHaveValue("");
  await user.type(field, "Jo");
  await user.click(within(dialog).getByRole("button", { name: "Save" }));
  expect(await within(dialog).findByText(message)).toBeInTheDocument();
  expect(sent[0]).toMatchObject({ preferred_first_name: "Jo" });
});
