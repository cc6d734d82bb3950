import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { AuthContext, type AuthState } from "@/components/auth/auth-context";
import { AddStaffButton } from "@/components/people/staff-dialog";
import { AddStudentButton } from "@/components/people/student-dialog";
import { fetcher } from "@/lib/api/request.client";

/** The person dialogs offer Mx. and no title, and the school's own grades. */
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
  usePathname: () => "/students",
}));

beforeEach(() => {
  global.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    text: async () => "[]",
  })) as unknown as typeof fetch;
});

function withSettings(ui: React.ReactNode, values: Record<string, { value: unknown }> | null) {
  const auth = {
    status: "signed-in",
    user: null,
    settings: values ? { values, groups: [] } : null,
  } as unknown as AuthState;
  return render(
    <AuthContext.Provider value={auth}>
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>{ui}</SWRConfig>
    </AuthContext.Provider>,
  );
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole("option")
    .map((o) => [(o as HTMLOptionElement).value, o.textContent]);

it("offers Mx. and No title for staff", async () => {
  const user = userEvent.setup();
  withSettings(<AddStaffButton />, null);
  await user.click(screen.getByRole("button", { name: "Add Staff" }));
  const dialog = await screen.findByRole("dialog", { name: "Add Staff" });
  const title = within(dialog).getByRole("combobox", { name: "Title" });
  expect(optionsOf(title)).toEqual(
    expect.arrayContaining([
      ["Mx.", "Mx."],
      ["", "No title"],
    ]),
  );
  await user.selectOptions(title, "No title");
  expect(title).toHaveValue("");
});

it("offers the school's grades (K to 5 here) and starts a new student in one of them", async () => {
  const user = userEvent.setup();
  withSettings(<AddStudentButton />, { grade_min: { value: 0 }, grade_max: { value: 5 } });
  await user.click(screen.getByRole("button", { name: "Add Student" }));
  const dialog = await screen.findByRole("dialog", { name: "Add Student" });
  const grade = within(dialog).getByRole("combobox", { name: "Grade" });
  expect(optionsOf(grade)).toEqual([
    ["0", "K"],
    ["1", "1"],
    ["2", "2"],
    ["3", "3"],
    ["4", "4"],
    ["5", "5"],
  ]);
  // The spec's grade 8 is not one of this school's: a new student starts in its lowest grade.
  expect(grade).toHaveValue("0");
});

it("keeps the spec's grades 8 to 12 without the settings", async () => {
  const user = userEvent.setup();
  withSettings(<AddStudentButton />, null);
  await user.click(screen.getByRole("button", { name: "Add Student" }));
  const grade = within(await screen.findByRole("dialog", { name: "Add Student" })).getByRole("combobox", {
    name: "Grade",
  });
  expect(optionsOf(grade).map(([value]) => value)).toEqual(["8", "9", "10", "11", "12"]);
  expect(grade).toHaveValue("8");
});
