import { render, screen, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { ImportReportScreen } from "@/components/imports/import-report";
import { ImportsListScreen } from "@/components/imports/imports-list";
import type { ImportReport, ImportSummary } from "@/lib/imports/present";

/**
 * /imports and /imports/{id} show instants in the school's time zone (the `timezone` setting), as the
 * other admin screens do, not the browser's: the passwords' 24-hour deadline is the school's. A calendar
 * file is an entry of the history too, its report the events it added.
 */
const auth = {
  user: { role: "admin" },
  settings: { values: { timezone: { value: "Asia/Tokyo" } }, groups: [] },
};
jest.mock("@/components/auth/use-auth", () => ({
  useAuth: () => auth,
  useSignedInUser: () => auth,
}));
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
  usePathname: () => "/imports",
}));

const summary: ImportSummary = {
  id: 7,
  kind: "students",
  filename: "fall.csv",
  status: "done",
  uploaded_by: "Ms. Okafor, Amara",
  // 20:30 UTC on 22 November is 05:30 on 23 November in Tokyo.
  created_at: "2026-11-22T20:30:00.000Z",
  finished_at: "2026-11-22T20:31:00.000Z",
  job_id: 3,
  rows: 2,
  created: 2,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  conflicts: 0,
  error: null,
};

function withData(ui: React.ReactNode, data: unknown) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: async () => data, dedupingInterval: 0 }}>
      {ui}
    </SWRConfig>,
  );
}

it("lists when each file was uploaded in the school's zone", async () => {
  withData(<ImportsListScreen />, [summary]);
  expect(await screen.findByRole("link", { name: "fall.csv" })).toBeInTheDocument();
  expect(screen.getAllByText("Nov 23, 2026, 5:30 AM").length).toBeGreaterThan(0);
});

it("gives the upload time and the passwords' deadline in the school's zone", async () => {
  const report: ImportReport = {
    ...summary,
    headers: ["first_name", "last_name", "grade", "student_number"],
    update_existing: false,
    done: 2,
    passwords: { available: true, until: "2026-11-23T20:31:00.000Z", downloaded_at: null },
    report_rows: [
      { row: 1, outcome: "created", reason: null, key: "7100001", name: "Ann Lee", person_id: 1 },
      { row: 2, outcome: "created", reason: null, key: "7100002", name: "Bo Ng", person_id: 2 },
    ],
  };
  withData(<ImportReportScreen id={7} />, report);
  expect(await screen.findByText(/uploaded Nov 23, 2026, 5:30 AM by Ms\. Okafor, Amara/)).toBeInTheDocument();
  expect(screen.getByText(/You can download them once, until Nov 24, 2026, 5:31 AM\./)).toBeInTheDocument();
});

describe("a calendar file's entry", () => {
  const calendarSummary: ImportSummary = {
    ...summary,
    id: 9,
    kind: "calendar",
    filename: "district.ics",
    job_id: null,
    rows: 4,
    created: 2,
    unchanged: 1,
    skipped: 1,
  };
  const calendarReport = (events: { date: string; name: string; no_blocks: boolean }[]): ImportReport => ({
    ...calendarSummary,
    created: events.length,
    headers: [],
    update_existing: false,
    done: 4,
    passwords: null,
    report_rows: [],
    calendar: {
      added: events.length,
      duplicates: 1,
      skipped_outside_year: 1,
      plans_cancelled: 3,
      no_blocks: events.filter((e) => e.no_blocks).length,
      file_kind: "ics",
      events,
    },
  });

  it("is listed as a calendar file with its counts", async () => {
    withData(<ImportsListScreen />, [calendarSummary]);
    const link = await screen.findByRole("link", { name: "district.ics" });
    const row = link.closest("tr")!;
    expect(within(row).getByText("Calendar file")).toBeInTheDocument();
    expect(within(row).getByText("2")).toBeInTheDocument();
  });

  it("reports who imported it and when, its counts and the events it added", async () => {
    withData(
      <ImportReportScreen id={9} />,
      calendarReport([
        { date: "2026-12-09", name: "Pro-D Day", no_blocks: true },
        { date: "2026-12-10", name: "Picture Day", no_blocks: false },
      ]),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Import report: district.ics" })).toBeInTheDocument();
    expect(screen.getByText(/^Calendar file · imported Nov 23, 2026, 5:30 AM by Ms\. Okafor, Amara$/)).toBeInTheDocument();
    const totals = screen.getByLabelText("Totals");
    expect([...totals.querySelectorAll("div")].map((card) => card.textContent)).toEqual([
      "Added2",
      "Already on the calendar1",
      "Outside the school year1",
      "Plans cancelled3",
    ]);
    const table = screen.getByRole("table", { name: "Events added" });
    const rows = within(table).getAllByRole("row").slice(1).map((r) => r.textContent);
    expect(rows).toEqual(["Dec 9, 2026Pro-D DayNo Focus Blocks", "Dec 10, 2026Picture DaySchool day"]);
    expect(screen.queryByRole("button", { name: /Download initial passwords/ })).not.toBeInTheDocument();
  });

  it("says so when the file added nothing", async () => {
    withData(<ImportReportScreen id={9} />, calendarReport([]));
    expect(await screen.findByText("No events were added.")).toBeInTheDocument();
    expect(screen.queryByRole("table", { name: "Events added" })).not.toBeInTheDocument();
  });
});
