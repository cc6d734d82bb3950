import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { AuthContext, type AuthState } from "@/components/auth/auth-context";
import { StudentListScreen } from "@/components/people/student-list";
import type { StudentListItem } from "@/lib/people/lists.server";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
  usePathname: () => "/students",
}));

/** Grades 9 to 12, three students each. */
const students: StudentListItem[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  first_name: `First${i + 1}`,
  last_name: `Last${String(i + 1).padStart(2, "0")}`,
  name: `First${i + 1} Last${String(i + 1).padStart(2, "0")}`,
  grade: 9 + (i % 4),
  initials: "FL",
  color: "teal",
  student_number: null,
}));

function withSettings(values: Record<string, { value: unknown }>) {
  const auth = { status: "signed-in", user: null, settings: { values, groups: [] } } as unknown as AuthState;
  return render(
    <AuthContext.Provider value={auth}>
      <SWRConfig value={{ provider: () => new Map(), fetcher: async () => students, dedupingInterval: 0 }}>
        <StudentListScreen />
      </SWRConfig>
    </AuthContext.Provider>,
  );
}

it("counts Seniors from the seniors_from_grade setting", async () => {
  const user = userEvent.setup();
  withSettings({ seniors_from_grade: { value: 12 } });
  expect(await screen.findByText("1–12 of 12")).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText("Class"), "Senior");
  // Only grade 12: students 4, 8, 12.
  expect(screen.getByText("1–3 of 3")).toBeInTheDocument();
  const rows = within(screen.getAllByRole("rowgroup")[1]!).getAllByRole("row");
  expect(rows.every((row) => row.textContent?.includes("12Senior"))).toBe(true);
});

it("keeps the spec's grade 11 without the setting", async () => {
  const user = userEvent.setup();
  withSettings({});
  expect(await screen.findByText("1–12 of 12")).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText("Class"), "Senior");
  expect(screen.getByText("1–6 of 6")).toBeInTheDocument();
});
