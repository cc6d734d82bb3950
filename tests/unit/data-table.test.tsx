import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { capCount } from "@/components/ui/badge";

interface Person {
  id: number;
  last: string;
  grade: number;
}

const people: Person[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  last: `Name${String.fromCharCode(76 - i)}`,
  grade: 8 + (i % 5),
}));
const columns: DataColumn<Person>[] = [
  { id: "last", header: "Last name", value: (p) => p.last },
  { id: "grade", header: "Grade", value: (p) => p.grade, kind: "number" },
];

const bodyRows = () => within(screen.getAllByRole("rowgroup")[1]!).queryAllByRole("row");

describe("DataTable", () => {
  // The rows per page are remembered on the device (localStorage): each test starts from none.
  beforeEach(() => window.localStorage.clear());

  it("remembers the rows per page chosen for a table of that name", async () => {
    const user = userEvent.setup();
    const long = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, last: `Name${i}`, grade: 9 }));
    const { unmount } = render(
      <DataTable label="Students" columns={columns} data={long} rowId={(p) => p.id} initialPageSize={25} />,
    );
    expect(bodyRows()).toHaveLength(25);
    await user.selectOptions(screen.getByLabelText("Rows per page"), "100");
    expect(bodyRows()).toHaveLength(100);
    unmount();
    // Back on the list later: still 100; another table keeps its own default.
    const again = render(
      <DataTable label="Students" columns={columns} data={long} rowId={(p) => p.id} initialPageSize={25} />,
    );
    expect(bodyRows()).toHaveLength(100);
    expect(screen.getByLabelText("Rows per page")).toHaveValue("100");
    again.unmount();
    render(<DataTable label="Staff" columns={columns} data={long} rowId={(p) => p.id} initialPageSize={25} />);
    expect(bodyRows()).toHaveLength(25);
  });

  it("shows 5 rows per page by default and pages through the rest", async () => {
    const user = userEvent.setup();
    render(<DataTable label="People" columns={columns} data={people} rowId={(p) => p.id} />);
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText("1–5 of 12")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(screen.getByText("6–10 of 12")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Rows per page"), "25");
    expect(bodyRows()).toHaveLength(12);
  });

  it("sorts by a column", async () => {
    const user = userEvent.setup();
    render(<DataTable label="People" columns={columns} data={people} rowId={(p) => p.id} />);
    await user.click(screen.getByRole("button", { name: "Last name" }));
    expect(bodyRows()[0]).toHaveTextContent("NameA");
    expect(screen.getByRole("columnheader", { name: "Last name" })).toHaveAttribute("aria-sort", "ascending");
  });

  it("searches across columns", async () => {
    const user = userEvent.setup();
    render(<DataTable label="People" columns={columns} data={people} rowId={(p) => p.id} />);
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "namec");
    expect(bodyRows()).toHaveLength(1);
  });

  it("refuses an empty filter value and applies numeric rules", async () => {
    const user = userEvent.setup();
    render(<DataTable label="People" columns={columns} data={people} rowId={(p) => p.id} />);
    await user.click(screen.getByRole("button", { name: "Filter" }));
    // The popover is a dialog with a name (axe: aria-dialog-name).
    expect(screen.getByRole("dialog", { name: "Filter" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(screen.getByText("This field cannot be empty.")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Column"), "grade");
    await user.selectOptions(screen.getByLabelText("Rule"), "greater-than");
    await user.type(screen.getByLabelText("Value"), "11");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(screen.getByText(/of 2$/)).toBeInTheDocument();
  });

  it("says 'No data available' with no rows", () => {
    render(<DataTable label="People" columns={columns} data={[]} rowId={(p) => p.id} />);
    expect(screen.getByText("No data available")).toBeInTheDocument();
  });

  it("shows a secondary column's value under the primary cell on a narrow screen only", () => {
    const narrow = (matches: boolean) =>
      jest.fn((query: string) => ({
        matches,
        media: query,
        addEventListener: jest.fn(),
        removeEventListener: jest.fn(),
      }));
    const withSecondary: DataColumn<Person>[] = [columns[0]!, { ...columns[1]!, secondary: "sm" }];
    const original = window.matchMedia;
    try {
      window.matchMedia = narrow(true) as unknown as typeof window.matchMedia;
      const { unmount } = render(
        <DataTable label="People" columns={withSecondary} data={people.slice(0, 1)} rowId={(p) => p.id} />,
      );
      expect(screen.getByRole("columnheader", { name: "Grade" })).toHaveClass("hidden", "sm:table-cell");
      const [first] = within(bodyRows()[0]!).getAllByRole("cell");
      expect(first).toHaveTextContent("NameL" + "Grade:8");
      expect(within(first!).getByRole("definition")).toHaveTextContent("8");
      unmount();

      window.matchMedia = narrow(false) as unknown as typeof window.matchMedia;
      render(<DataTable label="People" columns={withSecondary} data={people.slice(0, 1)} rowId={(p) => p.id} />);
      expect(within(bodyRows()[0]!).getAllByRole("cell")[0]).toHaveTextContent(/^NameL$/);
    } finally {
      window.matchMedia = original;
    }
  });

  it("leaves out a secondary line that would have no value (no empty 'Reason:')", () => {
    const original = window.matchMedia;
    window.matchMedia = jest.fn((query: string) => ({
      matches: true,
      media: query,
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
    })) as unknown as typeof window.matchMedia;
    try {
      type Row = { id: number; name: string; reason: string | null };
      const rows: Row[] = [
        { id: 1, name: "Ann", reason: null },
        { id: 2, name: "Bo", reason: "grade 14 is not 8–12" },
      ];
      render(
        <DataTable<Row>
          label="Rows"
          columns={[
            { id: "name", header: "Name", value: (r) => r.name },
            { id: "reason", header: "Reason", value: (r) => r.reason ?? "", secondary: "sm" },
          ]}
          data={rows}
          rowId={(r) => r.id}
        />,
      );
      const [ann, bo] = bodyRows().map((row) => within(row).getAllByRole("cell")[0]!);
      expect(ann).toHaveTextContent(/^Ann$/);
      expect(bo).toHaveTextContent("Bo" + "Reason:grade 14 is not 8–12");
    } finally {
      window.matchMedia = original;
    }
  });

  it("caps badge counts at 9+", () => {
    expect(capCount(9)).toBe("9");
    expect(capCount(10)).toBe("9+");
  });
});
