import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DataTable, type DataColumn } from "@/components/ui/data-table";

interface Person {
  id: number;
  last: string;
}
const columns: DataColumn<Person>[] = [{ id: "last", header: "Last name", value: (p) => p.last }];

describe("DataTable empty states", () => {
  it("says the spec's 'No data available' when the search leaves no rows, not a text of its own", async () => {
    const user = userEvent.setup();
    render(
      <DataTable label="People" columns={columns} data={[{ id: 1, last: "Okafor" }]} rowId={(p) => p.id} />,
    );
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "zzz");
    expect(await screen.findByText("No data available")).toBeInTheDocument();
    expect(screen.getByText("Nothing matches the search and filters.")).toBeInTheDocument();
    expect(screen.queryByText("No rows match your search and filters.")).toBeNull();
  });

  it("keeps a screen's own text for a table with no rows at all", () => {
    render(
      <DataTable
        label="Batches"
        columns={columns}
        data={[]}
        rowId={(p) => p.id}
        emptyText="No batches yet"
      />,
    );
    expect(screen.getByText("No batches yet")).toBeInTheDocument();
  });
});
