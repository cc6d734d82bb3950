import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { AuthContext } from "@/components/auth/auth-context";
import { StudentListScreen } from "@/components/people/student-list";

/**
 * A teacher adds a student one at a time (the spec's client lets them; original-behaviour §11 #39):
 * the student list offers them Add Student, a dialog with the Single form alone (no File Upload, which
 * stays administrators'), without the school email (single sign-on's key, an administrator's to set).
 */
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
  usePathname: () => "/students",
}));

function asRole(role: "teacher" | "admin", ui: ReactNode) {
  const auth = { user: { role } } as unknown as React.ContextType<typeof AuthContext>;
  return render(
    <AuthContext.Provider value={auth}>
      <SWRConfig value={{ provider: () => new Map(), fetcher: async () => [], dedupingInterval: 0 }}>{ui}</SWRConfig>
    </AuthContext.Provider>,
  );
}

it("gives a teacher Add Student with the Single form only, and no email field", async () => {
  const user = userEvent.setup();
  asRole("teacher", <StudentListScreen />);
  expect(screen.queryByRole("link", { name: /imports/i })).toBeNull();
  await user.click(screen.getByRole("button", { name: "Add Student" }));
  const dialog = await screen.findByRole("dialog", { name: "Add Student" });
  expect(within(dialog).queryByRole("tab")).toBeNull();
  expect(within(dialog).getByRole("textbox", { name: "Student number" })).toBeInTheDocument();
  expect(within(dialog).queryByRole("textbox", { name: "Email" })).toBeNull();
  expect(within(dialog).getByRole("button", { name: "Create" })).toBeInTheDocument();
});

it("keeps both tabs and the email for an administrator", async () => {
  const user = userEvent.setup();
  asRole("admin", <StudentListScreen />);
  await user.click(screen.getByRole("button", { name: "Add Student" }));
  const dialog = await screen.findByRole("dialog", { name: "Add Student" });
  expect(within(dialog).getByRole("tab", { name: "File Upload" })).toBeInTheDocument();
  expect(within(dialog).getByRole("textbox", { name: "Email" })).toBeInTheDocument();
});
