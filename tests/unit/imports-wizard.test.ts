// The browser build of csv-parse is ESM only; Jest runs the package's CommonJS build of the same parser.
jest.mock("csv-parse/browser/esm/sync", () => jest.requireActual("csv-parse/sync"));

import { toCsv } from "@/lib/csv";
import { importMessage } from "@/lib/imports/message";
import { headersKey, isFieldOrder } from "@/lib/imports/fields";
import {
  columnOrderProblem,
  filesProblem,
  fitMapping,
  headerFields,
  initialOrder,
  orderProblem,
  placeField,
  previewCsv,
} from "@/lib/imports/wizard";

describe("choosing files", () => {
  it("takes 1 to 5 CSV files of at most 2 MB", () => {
    const csv = (name: string, size = 10) => ({ name, size });
    expect(filesProblem([])).toBe("Choose at least one CSV file.");
    expect(filesProblem([csv("a.csv")])).toBeNull();
    expect(filesProblem(Array.from({ length: 6 }, (_, i) => csv(`${i}.csv`)))).toBe(
      "Choose at most 5 files.",
    );
    expect(filesProblem([csv("a.csv"), csv("photo.png")])).toBe("photo.png is not a CSV file.");
    expect(filesProblem([csv("EMPTY.CSV", 0)])).toBe("EMPTY.CSV is empty.");
    expect(filesProblem([csv("big.csv", 3 * 1024 * 1024)])).toBe("big.csv is larger than 2 MB.");
  });

  it("names the file whose columns are in another order", () => {
    const a = previewCsv("students", "a.csv", "first_name,last_name,grade,student_number\nAnn,Lee,9,1\n");
    const b = previewCsv(
      "students",
      "b.csv",
      "\uFEFFFirst Name,Last Name,Grade,Student Number\r\nBo,Ng,9,2\r\n",
    );
    const c = previewCsv("students", "c.csv", "last_name,first_name,grade,student_number\n");
    expect(a.header).toEqual(["first_name", "last_name", "grade", "student_number"]);
    expect(columnOrderProblem([a, b])).toBeNull();
    expect(columnOrderProblem([a, b, c])).toBe(
      "c.csv does not have its columns in the same order as a.csv. All files must have the same columns in the same order.",
    );
  });

  it("compares column counts when the files have no header row", () => {
    const a = previewCsv("students", "a.csv", "Ann,Lee,9,1\n");
    const b = previewCsv("students", "b.csv", 'Bo,"Ng, Jr.",9,2\n');
    const c = previewCsv("students", "c.csv", "Cy,Oh,9\n");
    expect(columnOrderProblem([a, b])).toBeNull();
    expect(columnOrderProblem([a, c])).toMatch(/^c\.csv does not have its columns/);
  });

  it("compares column counts when only one file has a header row", () => {
    const named = previewCsv(
      "students",
      "named.csv",
      "first_name,last_name,grade,student_number,\nAnn,Lee,9,1\n",
    );
    const four = previewCsv("students", "four.csv", "Bo,Ng,9,2\n");
    const three = previewCsv("students", "three.csv", "Cy,Oh,9\n");
    expect(columnOrderProblem([named, four])).toBeNull();
    expect(columnOrderProblem([named, three])).toBe(
      "three.csv does not have its columns in the same order as named.csv. All files must have the same columns in the same order.",
    );
    expect(columnOrderProblem([three, named])).toMatch(/^named\.csv does not have its columns/);
  });

  it("previews quoted cells and survives a broken quote", () => {
    const preview = previewCsv(
      "staff",
      "s.csv",
      'email,last_name,first_name,title\na@b.c,"Lee, Jr.",Ann,Dr.\n',
    );
    expect(preview.rows[1]).toEqual(["a@b.c", "Lee, Jr.", "Ann", "Dr."]);
    expect(previewCsv("staff", "bad.csv", 'a,"b,c\n').columns).toBe(3);
  });
});

describe("ordering the fields", () => {
  it("starts from the header row, else from the spec's order", () => {
    const headed = previewCsv("staff", "s.csv", "title,email,first_name,last_name\n");
    expect(initialOrder("staff", headed)).toEqual(["title", "email", "first_name", "last_name"]);
    expect(initialOrder("staff", previewCsv("staff", "s.csv", "a@b.c,Lee,Ann,Dr.\n"))).toEqual([
      "email",
      "last_name",
      "first_name",
      "title",
    ]);
    expect(headerFields("students", ["first_name", "last_name", "grade"])).toBeNull();
  });

  it("keeps each field used once by swapping", () => {
    const order = placeField(["first_name", "last_name", "grade", "student_number"], 0, "grade");
    expect(order).toEqual(["grade", "last_name", "first_name", "student_number"]);
    expect(orderProblem("students", order)).toBeNull();
    expect(orderProblem("students", ["grade", "grade", "first_name", "student_number"])).toBe(
      "Use each field once: Last name is missing.",
    );
  });
});

describe("the optional default_teacher_email column", () => {
  it("is taken from a header row naming it, or from a fifth column, and never required", () => {
    const headed = previewCsv(
      "students",
      "s.csv",
      "Student Number,First Name,Last Name,Grade,Default Teacher Email\n1,Ann,Lee,9,a@b.c\n",
    );
    expect(headed.header).toEqual([
      "student_number",
      "first_name",
      "last_name",
      "grade",
      "default_teacher_email",
    ]);
    expect(initialOrder("students", headed)).toEqual(headed.header);
    expect(initialOrder("students", previewCsv("students", "s.csv", "Ann,Lee,9,1,a@b.c\n"))).toEqual([
      "first_name",
      "last_name",
      "grade",
      "student_number",
      "default_teacher_email",
    ]);
    expect(initialOrder("students", previewCsv("students", "s.csv", "Ann,Lee,9,1\n"))).toHaveLength(4);
    expect(orderProblem("students", ["first_name", "last_name", "grade", "student_number"])).toBeNull();
    expect(
      orderProblem("students", [
        "default_teacher_email",
        "first_name",
        "last_name",
        "grade",
        "student_number",
      ]),
    ).toBeNull();
    expect(orderProblem("students", ["default_teacher_email", "last_name", "grade", "student_number"])).toBe(
      "Use each field once: First name is missing.",
    );
    // Staff files have no optional column.
    expect(
      headerFields("staff", ["email", "last_name", "first_name", "title", "default_teacher_email"]),
    ).toBeNull();
  });
});

describe("the notification and exported CSV", () => {
  it("names the skipped rows and counts what does not fit", () => {
    expect(
      importMessage({ filename: "students.csv", created: 412, updated: 0, unchanged: 0, skipped: 2 }, [
        { row: 5, reason: "duplicate student number 100123 (also on row 2)" },
        { row: 9, reason: "grade 14 is not 8–12" },
      ]),
    ).toBe(
      "Processed students.csv: 412 accounts created, 2 rows skipped (row 5: duplicate student number 100123 (also on row 2); row 9: grade 14 is not 8–12)",
    );
    const many = Array.from({ length: 200 }, (_, i) => ({ row: i + 1, reason: "grade 14 is not 8–12" }));
    const long = importMessage(
      { filename: "s.csv", created: 1, updated: 2, unchanged: 3, skipped: 200 },
      many,
    );
    expect(long.length).toBeLessThanOrEqual(1000);
    expect(long).toMatch(
      /^Processed s\.csv: 1 account created, 2 updated, 3 already existed, 200 rows skipped \(row 1: /,
    );
    expect(long).toMatch(/; and \d+ more\)$/);
  });

  it("escapes formulas and quotes cells that need it", () => {
    const cell = (value: string) => toCsv([[value]], { quoteEdgeSpaces: true }).slice(0, -2);
    expect(cell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(cell("+1")).toBe("'+1");
    expect(cell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(cell("-1")).toBe("'-1");
    expect(cell("Lee, Jr.")).toBe('"Lee, Jr."');
    expect(cell(" padded ")).toBe('" padded "');
    expect(cell("\tx")).toBe("'\tx");
    expect(cell("x\t")).toBe("\"x\t\"");
    expect(cell("a\nb")).toBe('"a\nb"');
    expect(cell("a\rb")).toBe('"a\rb"');
    expect(toCsv([["Zoë", 7, null]])).toBe("Zoë,7,\r\n");
    expect(toCsv([["Row"], [1]], { bom: true })).toBe("\uFEFFRow\r\n1\r\n");
  });
});

describe("columns to ignore and more fields", () => {
  it("reads a school information system's header row: known names matched, the rest ignored", () => {
    const preview = previewCsv(
      "staff",
      "staff.csv",
      "Staff ID,Prefix,First Name,Last Name,Middle,Email Address,Dept,Room,Phone,Capacity\nT1,Mx.,Ada,Lovelace,,ada@s.school,Math,101,555,30\n",
    );
    expect(preview).toMatchObject({ header: null, namedColumns: true, columns: 10 });
    expect(initialOrder("staff", preview)).toEqual([
      null,
      "title",
      "first_name",
      "last_name",
      null,
      "email",
      "department", // the staff list shows it
      null,
      null,
      "capacity",
    ]);
    expect(orderProblem("staff", initialOrder("staff", preview))).toBeNull();
  });

  it("tells a header row from data, and compares named files by their header rows", () => {
    expect(previewCsv("students", "a.csv", "Ann,Lee,9,7100001\nBo,Ng,10,7100002\n").namedColumns).toBe(false);
    expect(previewCsv("students", "a.csv", "ID,Last,First,Grade\n7100001,Lee,Ann,9\n").namedColumns).toBe(
      true,
    );
    const a = previewCsv("students", "a.csv", "ID,Last,First,Grade\n1,Lee,Ann,9\n");
    const b = previewCsv("students", "b.csv", "id , LAST,First,Grade,\n2,Ng,Bo,9\n");
    const c = previewCsv("students", "c.csv", "ID,First,Last,Grade\n3,Cy,Oh,9\n");
    expect(columnOrderProblem([a, b])).toBeNull();
    expect(columnOrderProblem([a, c])).toMatch(/^c\.csv does not have its columns in the same order/);
    expect(b.key).toBe(a.key);
    expect(a.key).toBe(headersKey(["ID", "Last", "First", "Grade"]));
    expect(a.key).toBe("id\u001flast\u001ffirst\u001fgrade");
  });

  it("starts files without a header row from the spec's order, extra columns ignored", () => {
    expect(initialOrder("students", previewCsv("students", "s.csv", "Ann,Lee,9,1,a@b.c,x,y\n"))).toEqual([
      "first_name",
      "last_name",
      "grade",
      "student_number",
      "default_teacher_email",
      null,
      null,
    ]);
  });

  it("guesses a column of homeroom codes as the homeroom, never as the teacher's email", () => {
    // A file without a header: the fifth column holds codes, not emails (guessed as the email, every row was an error).
    expect(initialOrder("students", previewCsv("students", "s.csv", "Ann,Lee,9,1,HR-204\nBo,Ng,9,2,HR-205\n"))).toEqual([
      "first_name",
      "last_name",
      "grade",
      "student_number",
      "homeroom",
    ]);
    // An export naming its columns: "Homeroom Code" and "HR" are the homeroom.
    for (const name of ["Homeroom Code", "HR", "Homeroom"]) {
      const named = previewCsv("students", "s.csv", `Student ID,First,Last,Grade,${name}\n1,Ann,Lee,9,204\n`);
      expect(initialOrder("students", named)).toEqual(["student_number", "first_name", "last_name", "grade", "homeroom"]);
    }
  });

  it("ignores a column, moves a field, and fits a remembered mapping to the file", () => {
    const order = placeField(["email", "last_name", "first_name", null], 3, "email");
    expect(order).toEqual([null, "last_name", "first_name", "email"]);
    expect(placeField(order, 1, null)).toEqual([null, null, "first_name", "email"]);
    expect(fitMapping(["email", null, "first_name"], 5)).toEqual(["email", null, "first_name", null, null]);
    expect(fitMapping(["email", null, "first_name", "last_name"], 2)).toEqual(["email", null]);
  });

  it("needs each required field once; the title is optional for staff, and a default teacher one way only", () => {
    expect(orderProblem("staff", [null, "email", "first_name", "last_name"])).toBeNull();
    expect(orderProblem("students", ["first_name", "last_name", null, "student_number"])).toBe(
      "Use each field once: Grade is missing.",
    );
    expect(
      orderProblem("students", [
        "first_name",
        "last_name",
        "grade",
        "student_number",
        "homeroom",
        "default_teacher_email",
      ]),
    ).toBe("Choose either Default teacher email or Homeroom teacher, not both.");
    expect(
      orderProblem("students", ["first_name", "last_name", "grade", "student_number", "email", "email"]),
    ).toBe("Use each field once: Email is chosen twice.");
    expect(
      isFieldOrder("students", ["first_name", "", "last_name", "ignore", "grade", "student_number"]),
    ).toBe(true);
    expect(isFieldOrder("staff", ["email", "last_name", "first_name", "homeroom"])).toBe(false);
  });
});
