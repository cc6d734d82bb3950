import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { passesFilter } from "@/components/ui/data-table-filters";
import { compareNames, foldForSearch, matchesWords, schoolCollator } from "@/lib/core/fold";

/**
 * In the browser, every table's search box and filters ignore accents and case, and
 * lists sort as the school reads names ("Bérubé" before "Bouchard"; lib/core/fold.ts).
 */
describe("foldForSearch", () => {
  it.each([
    ["Élodie", "elodie"],
    ["BÉLANGER", "belanger"],
    ["Straße", "strasse"],
    ["Œuvre", "oeuvre"],
    ["Łukasz", "lukasz"],
    ["Søren", "soren"],
    ["Nguyễn", "nguyen"],
  ])("%s → %s", (text, folded) => expect(foldForSearch(text)).toBe(folded));

  it("leaves other scripts findable by themselves", () => {
    for (const name of ["Ямада", "山田", "محمد", "अनन्या", "김민준"]) expect(matchesWords(name, name)).toBe(true);
  });

  it("matches every word of a query, accents and case aside", () => {
    expect(matchesWords("Élodie Bélanger", "elodie bel")).toBe(true);
    expect(matchesWords("Élodie Bélanger", "bel elo")).toBe(true);
    expect(matchesWords("Élodie Bélanger", "elodie x")).toBe(false);
    expect(matchesWords("Élodie Bélanger", "  ")).toBe(true);
  });

  it("sorts Bérubé before Bouchard, and names by last then first", () => {
    expect(["Bouchard", "Bérubé", "bernier", "Zed", "Ångström"].sort(schoolCollator.compare)).toEqual([
      "Ångström",
      "bernier",
      "Bérubé",
      "Bouchard",
      "Zed",
    ]);
    const people = [
      { first_name: "Luc", last_name: "Bouchard" },
      { first_name: "Émile", last_name: "Bérubé" },
      { first_name: "Anaïs", last_name: "Bérubé" },
    ];
    expect([...people].sort(compareNames).map((p) => p.first_name)).toEqual(["Anaïs", "Émile", "Luc"]);
  });
});

describe("table filters", () => {
  it("apply text rules accents and case aside", () => {
    expect(passesFilter("Élodie", "text", "equal-to", "elodie")).toBe(true);
    expect(passesFilter("Bélanger", "text", "starts-with", "BEL")).toBe(true);
    expect(passesFilter("Bélanger", "text", "contains", "lang")).toBe(true);
    expect(passesFilter("Bélanger", "text", "not-equal-to", "belanger")).toBe(false);
  });
});

describe("DataTable", () => {
  interface Person {
    id: number;
    last: string;
  }
  const people: Person[] = ["Bouchard", "Bérubé", "Zed", "Bélanger", "Ångström"].map((last, i) => ({ id: i + 1, last }));
  const columns: DataColumn<Person>[] = [{ id: "last", header: "Last name", value: (p) => p.last }];
  const names = () =>
    within(screen.getAllByRole("rowgroup")[1]!)
      .queryAllByRole("row")
      .map((row) => row.textContent);
  beforeEach(() => window.localStorage.clear());

  it("finds Élodie's row by 'belanger' in the search box", async () => {
    const user = userEvent.setup();
    render(<DataTable label="People" columns={columns} data={people} rowId={(p) => p.id} />);
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "belanger");
    expect(names()).toEqual(["Bélanger"]);
  });

  it("sorts a text column as the school reads it (not by code point, which put É after Z)", () => {
    render(
      <DataTable label="People" columns={columns} data={people} rowId={(p) => p.id} initialSort={{ id: "last" }} />,
    );
    expect(names()).toEqual(["Ångström", "Bélanger", "Bérubé", "Bouchard", "Zed"]);
  });
});
