import { render, screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { UnscheduledScreen } from "@/components/placement/unscheduled-screen";
import type { UnscheduledResponse } from "@/lib/placement/types";
import { schoolToday } from "@/lib/core/time";

/**
 * /unscheduled reads the school's zone through the shared hooks (components/audit/use-school-time.ts):
 * the cutoff and the run in the school's time, and "today" (no date picked) the school's today.
 */
const auth = {
  user: { role: "admin" },
  settings: { values: { timezone: { value: "Asia/Tokyo" } }, groups: [] },
};
jest.mock("@/components/auth/use-auth", () => ({
  useAuth: () => auth,
  useSignedInUser: () => auth,
}));
let search = new URLSearchParams();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn() }),
  usePathname: () => "/unscheduled",
  useSearchParams: () => search,
}));

const answer = (date: string, over: Partial<UnscheduledResponse> = {}): UnscheduledResponse => ({
  date,
  cutoff_at: null,
  placed_run: null,
  students: [],
  ...over,
});

function renderWith(fetcher: (key: string) => Promise<UnscheduledResponse>) {
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <UnscheduledScreen />
    </SWRConfig>,
  );
}

it("says when placement ran, in the school's zone", async () => {
  search = new URLSearchParams({ date: "2026-11-23" });
  renderWith(async () =>
    answer("2026-11-23", {
      // 20:30 UTC on 22 November is 05:30 on 23 November in Tokyo.
      cutoff_at: "2026-11-22T20:30:00.000Z",
      placed_run: { placed: 3, skipped: 1, cutoff_at: "2026-11-22T20:30:00.000Z", ran_at: "2026-11-22T20:30:05.000Z" },
    }),
  );
  expect(await screen.findByTestId("placement-status")).toHaveTextContent(
    "Default placement ran at the cutoff (Nov 23, 2026, 5:30 AM): 3 placed, 1 without a default teacher.",
  );
});

it("says when the cutoff comes, and asks for the school's today when no date is picked", async () => {
  search = new URLSearchParams();
  const keys: string[] = [];
  renderWith(async (key) => {
    keys.push(key);
    return answer("2026-11-24", { cutoff_at: "2026-11-23T23:00:00.000Z" });
  });
  expect(await screen.findByText(/^Students still unscheduled at/)).toHaveTextContent(
    "Students still unscheduled at Nov 24, 2026, 8:00 AM will be placed with their default teacher.",
  );
  expect(keys).toEqual([`/api/placement/unscheduled?date=${schoolToday("Asia/Tokyo", new Date())}`]);
});

it("shows the Student number column only when the server sent numbers (show-student-numbers, or an administrator)", async () => {
  search = new URLSearchParams({ date: "2026-11-23" });
  const student = { id: 1, first_name: "Nora", last_name: "Number", grade: 10, default_teacher: null };
  renderWith(async () => answer("2026-11-23", { students: [{ ...student, student_number: null }] }));
  expect(await screen.findByText("Number, Nora")).toBeInTheDocument();
  expect(screen.queryByRole("columnheader", { name: /Student number/ })).toBeNull();
});

it("shows the numbers it was sent", async () => {
  search = new URLSearchParams({ date: "2026-11-23" });
  const student = { id: 1, first_name: "Nora", last_name: "Number", grade: 10, default_teacher: null };
  renderWith(async () => answer("2026-11-23", { students: [{ ...student, student_number: "4815" }] }));
  expect(await screen.findByText("Number, Nora")).toBeInTheDocument();
  expect(screen.getByRole("columnheader", { name: /Student number/ })).toBeInTheDocument();
});

it("says a run an administrator started is not the cutoff's", async () => {
  search = new URLSearchParams({ date: "2026-11-23" });
  renderWith(async () =>
    answer("2026-11-23", {
      cutoff_at: "2026-11-23T16:00:00.000Z",
      placed_run: { placed: 5, skipped: 0, cutoff_at: "2026-11-22T20:30:00.000Z", ran_at: "2026-11-22T20:30:00.000Z" },
    }),
  );
  expect(await screen.findByTestId("placement-status")).toHaveTextContent(
    "Students were placed with their default teachers at Nov 23, 2026, 5:30 AM: 5 placed.",
  );
});
