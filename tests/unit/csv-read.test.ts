/** @jest-environment node */
import { CsvSyntaxError, readCsvRecords, startLine, uniformLineEnds } from "@/lib/csv-read";

describe("readCsvRecords (every CSV the app reads)", () => {
  it("numbers each record by the line it starts on, across mixed line ends and quoted line breaks", () => {
    const text = '\uFEFFname,note\r\nAnn,"two\nlines"\rBea,x\n\n"Cy",=HYPERLINK("a")\n';
    expect(readCsvRecords(text, "a.csv")).toEqual([
      { line: 1, cells: ["name", "note"] },
      { line: 2, cells: ["Ann", "two\nlines"] },
      { line: 4, cells: ["Bea", "x"] },
      { line: 6, cells: ["Cy", '=HYPERLINK("a")'] },
    ]);
  });

  it("keeps rows of any length and stops after `to` records", () => {
    expect(readCsvRecords("a\nb,c,d\ne,f\n", "a.csv", { to: 2 }).map((r) => r.cells)).toEqual([["a"], ["b", "c", "d"]]);
  });

  it("names the file and the line it reached when a quotation mark is never closed", () => {
    const read = () => readCsvRecords('a,b\nc,d\n"e,f\ng,h\n', "broken.csv");
    expect(read).toThrow(CsvSyntaxError);
    expect(read).toThrow(/^broken\.csv could not be read as CSV near line \d+: check its quotation marks\.$/);
  });

  it("makes line ends uniform and counts a record's quoted line breaks back to its first line", () => {
    expect(uniformLineEnds("a\r\nb\rc\n")).toBe("a\nb\nc\n");
    expect(startLine(["x", "one\ntwo\nthree"], 9)).toBe(7);
  });
});
