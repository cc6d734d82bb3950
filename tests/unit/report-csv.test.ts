/** @jest-environment node */
import { csvCells, csvStream, csvText } from "@/lib/reports/csv";
import { schoolIsoTime } from "@/lib/reports/present";

/** The wall clock and offset of an instant in a zone, straight from Intl (what schoolIsoTime caches). */
function reference(instant: Date, timezone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      timeZoneName: "longOffset",
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : parts.timeZoneName!.slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

describe("schoolIsoTime", () => {
  // Around each zone's changes of offset (whole, half and quarter hours), minute by minute and at odd seconds.
  it.each([
    ["America/Vancouver", "2026-03-08T09:30:00Z", "2026-11-01T08:30:00Z"],
    ["America/St_Johns", "2026-03-08T05:30:00Z", "2026-11-01T04:30:00Z"],
    ["Australia/Lord_Howe", "2026-04-04T14:30:00Z", "2026-10-03T15:30:00Z"],
    ["Asia/Kathmandu", "2026-06-01T00:00:00Z", "2026-06-01T01:00:00Z"],
    ["UTC", "2026-01-01T00:00:00Z", "2026-01-01T01:00:00Z"],
  ])("matches Intl in %s around its offset changes", (timezone, first, second) => {
    for (const around of [first, second]) {
      const start = Date.parse(around) - 90 * 60_000;
      for (let ms = start; ms < start + 180 * 60_000; ms += 60_000 + 7_123) {
        const instant = new Date(ms);
        expect([instant.toISOString(), schoolIsoTime(instant, timezone)]).toEqual([instant.toISOString(), reference(instant, timezone)]);
      }
    }
  });
});

describe("the streamed CSV", () => {
  it("is byte for byte what csvText writes for the same rows", async () => {
    const rows = [
      ["2026-03-18", "-2+3", '=HYPERLINK("http://x") @SUM(A1)', "present", "", 'Mr. "Q", Eve'],
      ["2026-03-18", "\t77", "Tab +Plus", "absent", "amendment", ""],
    ];
    for (const batch of [1, 2, 5000]) {
      const stream = csvStream(["date", "number", "name", "status", "method", "teacher"], rows.map(csvCells), batch);
      const text = Buffer.from(await new Response(stream).arrayBuffer()).toString("utf8");
      expect(text).toBe(csvText(["date", "number", "name", "status", "method", "teacher"], rows));
    }
    const empty = Buffer.from(await new Response(csvStream(["a", "b"], [])).arrayBuffer()).toString("utf8");
    expect(empty).toBe(csvText(["a", "b"], []));
  });
});

describe("a cell with a line break", () => {
  it("is quoted, so a memo written over two lines stays in its row (a lone \\n or \\r too, not only CRLF)", () => {
    for (const memo of ["line one\nline two", "line one\rline two", "line one\r\nline two"]) {
      const text = csvText(["student", "memo"], [["Élodie", memo]]);
      expect(text).toBe(`\ufeffstudent,memo\r\nÉlodie,"${memo}"\r\n`);
      expect(csvCells(["Élodie", memo])).toBe(`Élodie,"${memo}"`);
    }
  });
});
