import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import {
  AddStudentButton,
  EditStudentButton,
  type EditableStudent,
} from "@/components/people/student-dialog";
import { fetcher } from "@/lib/api/request.client";

/**
 * The student dialogs' optional "Email" field (single sign-on matches on it): Add Student sends it (blank: none), Edit
 * Student shows the profile's and sends a change or a blank (null: cleared), and the server's 422 for
 * another student's email shows in the field. (The rules: tests/api/student-email.test.ts.)
 */
jest.mock("@/components/ui/snackbar", () => {
  const fn = Object.assign(jest.fn(), { dismiss: jest.fn(), dismissErrors: jest.fn() });
  return { snackbar: fn, Toaster: () => null };
});
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
  usePathname: () => "/students",
}));

type Reply = [number, unknown];
const sent: { method: string; body: Record<string, unknown> }[] = [];
const TAKEN = "That email is already used by another student.";
/** GET /api/staff answers no teachers; each POST /api/students and PUT /api/students/7 takes the next reply. */
function server(replies: Reply[]) {
  sent.length = 0;
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    let reply: Reply = [200, []];
    if (
      (init?.method === "POST" && url === "/api/students") ||
      (init?.method === "PUT" && url === "/api/students/7")
    ) {
      sent.push({ method: init.method, body: JSON.parse(String(init.body)) });
      reply = replies.shift()!;
    }
    const [status, body] = reply;
    return { ok: status < 300, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
}

const wrap = (node: React.ReactNode) =>
  render(<SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>{node}</SWRConfig>);

it("Add Student: the email is optional, sent when given, and a taken one is said in the field", async () => {
  server([
    [422, { code: "validation_failed", message: TAKEN, errors: { email: [TAKEN] } }],
    [201, { id: 42, name: "Ama Mensah", first_name: "Ama", initial_password: "Abcdefgh234567" }],
  ]);
  const user = userEvent.setup();
  wrap(<AddStudentButton />);
  await user.click(screen.getByRole("button", { name: "Add Student" }));
  const dialog = await screen.findByRole("dialog", { name: "Add Student" });
  const email = within(dialog).getByRole("textbox", { name: "Email" });
  expect(email).toHaveValue("");
  expect(email).not.toBeRequired();
  await user.type(within(dialog).getByRole("textbox", { name: "First name" }), "Ama");
  await user.type(within(dialog).getByRole("textbox", { name: "Last name" }), "Mensah");
  await user.type(within(dialog).getByRole("textbox", { name: "Student number" }), "7700001");
  await user.type(email, "ama@students.test");
  const confirmAndCreate = async () => {
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    const confirm = await screen.findByRole("dialog", { name: "Create student accounts" });
    await user.type(within(confirm).getByLabelText("Your password"), "mine");
    await user.click(within(confirm).getByRole("button", { name: "Create" }));
  };
  await confirmAndCreate();
  expect(await within(dialog).findByText(TAKEN)).toBeInTheDocument();
  expect(sent[0]!.body).toMatchObject({
    first_name: "Ama",
    student_number: "7700001",
    email: "ama@students.test",
  });

  // Blank: no email (null).
  await user.clear(email);
  await confirmAndCreate();
  expect(await within(dialog).findByRole("status")).toHaveTextContent("Student created.");
  expect(sent[1]!.body).toMatchObject({ student_number: "7700001", email: null });
});

it("Edit Student: shows the email, sends a change, and a blank one as null", async () => {
  server([
    [200, { id: 7, first_name: "Jonathan", last_name: "Quimby", name: "Jonathan Quimby" }],
    [200, { id: 7, first_name: "Jonathan", last_name: "Quimby", name: "Jonathan Quimby" }],
  ]);
  const student: EditableStudent = {
    id: 7,
    first_name: "Jonathan",
    last_name: "Quimby",
    initials: "JQ",
    grade: 8,
    email: "jq@students.test",
  };
  const onSaved = jest.fn();
  const user = userEvent.setup();
  wrap(<EditStudentButton student={student} onSaved={onSaved} />);
  await user.click(screen.getByRole("button", { name: "Edit" }));
  let dialog = await screen.findByRole("dialog", { name: "Edit Student" });
  const email = within(dialog).getByRole("textbox", { name: "Email" });
  expect(email).toHaveValue("jq@students.test");
  await user.clear(email);
  await user.type(email, "jonathan.quimby@students.test");
  await user.click(within(dialog).getByRole("button", { name: "Save" }));
  await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  expect(sent[0]).toEqual({
    method: "PUT",
    body: expect.objectContaining({ email: "jonathan.quimby@students.test" }),
  });

  await user.click(screen.getByRole("button", { name: "Edit" }));
  dialog = await screen.findByRole("dialog", { name: "Edit Student" });
  await user.clear(within(dialog).getByRole("textbox", { name: "Email" }));
  await user.click(within(dialog).getByRole("button", { name: "Save" }));
  await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
  expect(sent[1]!.body).toMatchObject({ email: null });
});
