import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { AddStudentButton } from "@/components/people/student-dialog";
import { snackbar } from "@/components/ui/snackbar";
import { fetcher } from "@/lib/api/request.client";

/**
 * The Add Student dialog's Single tab and the spec's texts (§2, §8): the confirmation named for the
 * action, a wrong password, a duplicate student number in its field, any other failure, and success
 * with See Profile and the one-time initial password. (The server's rules: people-admin.test.ts.)
 */
jest.mock("@/components/ui/snackbar", () => {
  const fn = Object.assign(jest.fn(), { dismiss: jest.fn(), dismissErrors: jest.fn() });
  return { snackbar: fn, Toaster: () => null };
});
const push = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push }),
  usePathname: () => "/students",
}));
const toast = snackbar as unknown as jest.Mock;

type Reply = [number, unknown];
const posted: unknown[] = [];
/** GET /api/staff answers no teachers; each POST /api/students takes the next reply. */
function server(replies: Reply[]) {
  posted.length = 0;
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    let reply: Reply = [200, []];
    if (init?.method === "POST" && url === "/api/students") {
      posted.push(JSON.parse(String(init.body)));
      reply = replies.shift()!;
    }
    const [status, body] = reply;
    return { ok: status < 300, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
}

async function fillAndConfirm(user: ReturnType<typeof userEvent.setup>, password: string) {
  const dialog = screen.getByRole("dialog", { name: "Add Student" });
  await user.click(within(dialog).getByRole("button", { name: "Create" }));
  const confirm = await screen.findByRole("dialog", { name: "Create student accounts" });
  expect(confirm).toHaveTextContent(
    "Create an account for Chidi Anagonye (8800001)? Enter your password to confirm.",
  );
  await user.type(within(confirm).getByLabelText("Your password"), password);
  await user.click(within(confirm).getByRole("button", { name: "Create" }));
  return confirm;
}

it("names the action, and answers a wrong password, a taken number, a fault and success with the spec's texts", async () => {
  server([
    [401, { code: "bad_credentials", message: "The given credentials were not correct." }],
    [
      409,
      {
        code: "student_exists",
        message: "A student with this student number already exists.",
        errors: { student_number: ["A student with this student number already exists."] },
      },
    ],
    [500, { code: "internal", message: "boom" }],
    [201, { id: 42, name: "Chidi Anagonye", first_name: "Chidi", initial_password: "Abcdefgh234567" }],
  ]);
  const user = userEvent.setup();
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <AddStudentButton />
    </SWRConfig>,
  );
  await user.click(screen.getByRole("button", { name: "Add Student" }));
  const dialog = await screen.findByRole("dialog", { name: "Add Student" });
  expect(within(dialog).getByRole("tab", { name: "Single" })).toHaveAttribute("aria-selected", "true");
  expect(within(dialog).getByRole("tab", { name: "File Upload" })).toBeInTheDocument();
  // Spec §3: a new student is in grade 8; initials follow the names until edited.
  expect(within(dialog).getByRole("combobox", { name: "Grade" })).toHaveValue("8");
  await user.type(within(dialog).getByRole("textbox", { name: "First name" }), "Chidi");
  await user.type(within(dialog).getByRole("textbox", { name: "Last name" }), "Anagonye");
  expect(within(dialog).getByRole("textbox", { name: "Initials" })).toHaveValue("CA");
  await user.type(within(dialog).getByRole("textbox", { name: "Student number" }), "8800001");

  // A wrong password: said in the confirmation, which stays open.
  const confirm = await fillAndConfirm(user, "not-mine");
  expect(await within(confirm).findByText("That didn't work. Please try again.")).toBeInTheDocument();
  expect(posted[0]).toMatchObject({
    first_name: "Chidi",
    student_number: "8800001",
    grade: 8,
    password: "not-mine",
  });
  await user.click(within(confirm).getByRole("button", { name: "Cancel" }));

  // A taken number: said in the field.
  await fillAndConfirm(user, "mine");
  expect(
    await within(dialog).findByText("A student with this student number already exists."),
  ).toBeInTheDocument();
  expect(screen.queryByRole("dialog", { name: "Create student accounts" })).toBeNull();

  // Anything else.
  await fillAndConfirm(user, "mine");
  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith("Something went wrong. Please try again.", { tone: "error" }),
  );

  // Success: the spec's message with See Profile, and the initial password shown once.
  await fillAndConfirm(user, "mine");
  expect(await within(dialog).findByRole("status")).toHaveTextContent("Student created.");
  expect(within(dialog).getByTestId("initial-password")).toHaveTextContent("Abcdefgh234567");
  expect(within(dialog).getByRole("link", { name: "See Profile" })).toHaveAttribute("href", "/students/42");
  expect(toast).toHaveBeenLastCalledWith(
    "Student created.",
    expect.objectContaining({ tone: "success", action: expect.objectContaining({ label: "See Profile" }) }),
  );
});
