import { numbersFromCsv, parsePastedNumbers } from "@/lib/clusters/paste";

describe("parsePastedNumbers", () => {
  it("splits on spaces, tabs, commas, semicolons and lines, keeping each number once in order", () => {
    expect(parsePastedNumbers(" 1001, 1002\n1003\t1004;1005\r\n\n1002 ,, A-77 ")).toEqual([
      "1001",
      "1002",
      "1003",
      "1004",
      "1005",
      "A-77",
    ]);
  });

  it("answers nothing for blank text", () => {
    expect(parsePastedNumbers(" \n,\t ")).toEqual([]);
  });
});

describe("numbersFromCsv", () => {
  it("reads the column headed student_number wherever it is (any case or spacing)", () => {
    const csv = 'last,first,Student Number,grade\r\nDoe,Jane,1001,9\n"Roe, Jr.",Rick,1002,10\n';
    expect(numbersFromCsv(csv)).toEqual({ numbers: ["1001", "1002"] });
    expect(numbersFromCsv("\uFEFFname,student_number\nAnn,2001\nBo,2002\nCy,2001\n")).toEqual({
      numbers: ["2001", "2002"],
    });
  });

  it("otherwise reads the first column, skipping a header row without digits", () => {
    expect(numbersFromCsv("ID,Name\n3001,Ann\n3002,Bo\n")).toEqual({ numbers: ["3001", "3002"] });
    expect(numbersFromCsv("3001,Ann\n3002,Bo\n")).toEqual({ numbers: ["3001", "3002"] });
    expect(numbersFromCsv("3001\n\n3002\n")).toEqual({ numbers: ["3001", "3002"] });
  });

  it("says what is wrong with an empty file, a file of headers only, or a broken one", () => {
    expect(numbersFromCsv("")).toEqual({ error: "That file has no rows." });
    expect(numbersFromCsv("student_number\n")).toEqual({ error: "That file has no student numbers." });
    expect(numbersFromCsv('a,"b\n1,2')).toEqual({ error: "That file could not be read as a CSV." });
  });
});
