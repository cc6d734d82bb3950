/** @jest-environment node */
import { candidatesOf } from "@/lib/imports/rows";

/** CSV rows: names keep their scripts and accents; invisible characters that could disguise a name are refused. */
describe("names in a CSV import", () => {
  const headers = ["first_name", "last_name", "grade", "student_number"];
  const rows = (...cells: string[][]) => cells.map((row, i) => ({ line: i + 2, cells: row }));

  it("refuses a name carrying a bidirectional override or a zero-width space, and keeps real names", () => {
    const [real, overridden, spaced] = candidatesOf(
      "students",
      rows(
        ["Élodie", "Nguyễn", "9", "501"],
        ["Ann", "\u202Enrub", "9", "502"],
        ["Bo\u200Bb", "Lee", "9", "503"],
      ),
      headers,
    );
    expect(real!.reason).toBeNull();
    expect(real!.values).toMatchObject({ first_name: "Élodie", last_name: "Nguyễn" });
    expect(overridden!.reason).toBe("last name contains invisible characters that are not allowed in a name");
    expect(spaced!.reason).toBe("first name contains invisible characters that are not allowed in a name");
  });
});
