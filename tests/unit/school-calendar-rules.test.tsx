import { importSummary, noSchoolField } from "@/components/school-calendar/import-rules";
import { addMonths, monthDates, monthLabel, monthWeeks, movedDate } from "@/components/school-calendar/month";
import { defaultEffectiveFrom } from "@/components/school-calendar/timetable-screen";
import {
  columnsOf,
  emptyTimetableForm,
  timetableForm,
  timetableToForm,
  toTimetableBody,
  type TimetableFormValues,
} from "@/components/school-calendar/timetable-form";
import type { Timetable } from "@/components/school-calendar/api-types";

/**
 * The school calendar screens' own rules, pure: the month's weeks and keyboard moves, the Bell schedule
 * form's grid turned into PUT /api/timetable's body (and the server's paths back onto the grid), the
 * import's no_school field and its summary.
 */

describe("the month view", () => {
  it("shows whole weeks, Sunday to Saturday, and the month's own dates", () => {
    const weeks = monthWeeks("2027-02");
    expect(weeks[0]![0]).toBe("2027-01-31");
    expect(weeks.at(-1)![6]).toBe("2027-03-06");
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(monthDates("2028-02")).toHaveLength(29);
    expect(monthLabel("2026-12")).toBe("December 2026");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2027-01", -13)).toBe("2025-12");
  });

  it("moves by day, week, to the week's ends and by month, keeping the day where the month has it", () => {
    expect(movedDate("2026-12-31", "ArrowRight")).toBe("2027-01-01");
    expect(movedDate("2026-12-03", "ArrowUp")).toBe("2026-11-26");
    expect(movedDate("2026-12-09", "Home")).toBe("2026-12-06");
    expect(movedDate("2026-12-09", "End")).toBe("2026-12-12");
    expect(movedDate("2027-01-31", "PageDown")).toBe("2027-02-28");
    expect(movedDate("2027-03-15", "PageUp")).toBe("2027-02-15");
    expect(movedDate("2027-03-15", "Tab")).toBeNull();
  });
});

const fill = (values: TimetableFormValues, label: string, times: Record<string, [string, string]>) => {
  values.blocks.push({
    key: `b${values.blocks.length + 10}`,
    label,
    flex: false,
    times: Object.fromEntries(Object.entries(times).map(([k, [start, end]]) => [k, { start, end }])),
  });
};

function rotationForm() {
  const values = emptyTimetableForm("2026-12-07");
  values.kind = "rotation";
  values.rotation = [
    { key: "dA", name: "Day 1" },
    { key: "dB", name: "Day 2" },
  ];
  values.blocks[0]!.times = { dA: { start: "10:00", end: "10:40" }, dB: { start: "10:00", end: "10:40" } };
  fill(values, "Block A", { dA: ["08:30", "09:45"] });
  fill(values, "Block B", { dB: ["08:30", "09:45"], dA: ["", ""] });
  return values;
}

async function issuesOf(values: TimetableFormValues) {
  const result = await timetableForm.safeParseAsync(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("the Bell schedule form and PUT /api/timetable", () => {
  it("sends only the cells that meet, by day type name, and the rotation's first day type", () => {
    const values = rotationForm();
    values.rotation[1]!.name = " Day 2 ";
    values.first_day_type = "dB";
    const { body } = toTimetableBody(values);
    expect(body.cycle).toEqual({ kind: "rotation", day_types: ["Day 1", "Day 2"], first_day_type: "Day 2" });
    expect(body.blocks).toEqual([
      {
        label: "Focus Block",
        flex: true,
        times: [
          { day_type: "Day 1", start: "10:00", end: "10:40" },
          { day_type: "Day 2", start: "10:00", end: "10:40" },
        ],
      },
      { label: "Block A", flex: false, times: [{ day_type: "Day 1", start: "08:30", end: "09:45" }] },
      { label: "Block B", flex: false, times: [{ day_type: "Day 2", start: "08:30", end: "09:45" }] },
    ]);
  });

  it("lists a weekly cycle's days in the order of the week, whatever order they were ticked in", () => {
    const values = emptyTimetableForm("2026-12-07");
    values.weekdays = ["Friday", "Monday", "Wednesday"];
    expect(columnsOf(values).map((c) => c.name)).toEqual(["Monday", "Wednesday", "Friday"]);
    expect(toTimetableBody(values).body.cycle).toEqual({
      kind: "weekly",
      day_types: ["Monday", "Wednesday", "Friday"],
    });
  });

  it("puts the server's field errors on the cell, label or list they are about", () => {
    const values = rotationForm();
    const { formPath } = toTimetableBody(values);
    // Block B meets only on Day 2: its first time in the body is that cell.
    expect(formPath("blocks.2.times.0.start")).toBe("blocks.2.times.dB.start");
    expect(formPath("blocks.0.times.1.end")).toBe("blocks.0.times.dB.end");
    expect(formPath("blocks.1.times.0.day_type")).toBe("blocks.1.times.dA.cell");
    expect(formPath("blocks.1.label")).toBe("blocks.1.label");
    expect(formPath("blocks.1")).toBe("blocks.1.row");
    expect(formPath("cycle.day_types.1")).toBe("rotation.1.name");
    expect(formPath("cycle.first_day_type")).toBe("first_day_type");
    expect(formPath("effective_from")).toBe("effective_from");
    expect(formPath("body")).toBeNull();
  });

  it("refuses half a time, an end before its start, a missing label and two day types of one name", async () => {
    const values = rotationForm();
    values.blocks[1]!.times.dB = { start: "11:00", end: "" };
    values.blocks[2]!.times.dB = { start: "09:45", end: "08:30" };
    fill(values, "", { dA: ["13:00", "14:00"] });
    values.rotation.push({ key: "dC", name: "day 1" });
    expect(await issuesOf(values)).toEqual({
      "blocks.1.times.dB.end": "Enter the start and the end, or leave both empty.",
      "blocks.2.times.dB.end": "The end must be after the start.",
      // The request schema's own message (lib/calendar/schemas.ts), on the label it is about.
      "blocks.3.label": expect.stringMatching(/\S/),
      "rotation.2.name": "Another day type has this name.",
    });
  });

  it("asks for the Focus Block to be a flex block, and for at least one day type", async () => {
    const values = rotationForm();
    values.blocks[0]!.flex = false;
    values.rotation = [];
    const issues = await issuesOf(values);
    expect(issues["blocks.0.row"]).toBe("The Focus Block is the check-in block: tick Flex.");
    expect(issues.rotation).toBe("Give the cycle at least one day type.");
  });

  it("accepts a complete rotation", async () => {
    expect(await issuesOf(rotationForm())).toEqual({});
  });

  it("reads a saved timetable back into the same body (times without seconds)", () => {
    const view: Timetable = {
      date: "2026-12-07",
      effective_from: "2026-12-07",
      cycle: { kind: "rotation", day_types: ["A", "B"], first_day_type: "B" },
      blocks: [
        { id: 4, label: "Focus Block", flex: true, times: [{ day_type: "A", start: "10:00", end: "10:40" }] },
        {
          id: 5,
          label: "Block A",
          flex: false,
          times: [{ day_type: "B", start: "08:30:00", end: "09:45:00" }],
        },
      ],
      bell_schedules: [
        { name: "Late start", times: [{ label: "Focus Block", start: "10:30", end: "11:00" }] },
      ],
      versions: ["2026-12-07"],
      earliest_effective_from: null,
    };
    // Edited in place, it keeps its first day type.
    expect(toTimetableBody(timetableToForm(view, "2026-12-07")).body.cycle.first_day_type).toBe("B");
    // As a new version from another date, it has none: the cycle goes on (never restarted by a default).
    const form = timetableToForm(view, "2026-12-08");
    expect(form.effective_from).toBe("2026-12-08");
    const { body } = toTimetableBody(form);
    expect(body).toEqual({
      effective_from: "2026-12-08",
      cycle: { kind: "rotation", day_types: ["A", "B"], first_day_type: null },
      blocks: [
        { label: "Focus Block", flex: true, times: [{ day_type: "A", start: "10:00", end: "10:40" }] },
        { label: "Block A", flex: false, times: [{ day_type: "B", start: "08:30", end: "09:45" }] },
      ],
      bell_schedules: [
        { name: "Late start", times: [{ label: "Focus Block", start: "10:30", end: "11:00" }] },
      ],
    });
  });

  it("starts a new version today while no attendance was taken, otherwise tomorrow at the earliest", () => {
    expect(defaultEffectiveFrom("2026-12-07", null)).toBe("2026-12-07");
    expect(defaultEffectiveFrom("2026-12-07", "2026-12-07")).toBe("2026-12-08");
    expect(defaultEffectiveFrom("2026-12-07", "2026-12-10")).toBe("2026-12-10");
  });
});

describe("the calendar import", () => {
  it("sends all, none, or the chosen names", () => {
    const names = ["Pro-D Day", "Picture Day", "Winter Break"];
    expect(noSchoolField(names, new Set(names))).toBe("all");
    expect(noSchoolField(names, new Set())).toBe("none");
    expect(noSchoolField(names, new Set(["Winter Break", "Pro-D Day"]))).toBe("Pro-D Day,Winter Break");
  });

  it("says what a preview would do and what an import did", () => {
    const result = { added: 3, duplicates: 1, skipped_outside_year: 2, plans_cancelled: 0, events: [] };
    expect(importSummary({ ...result, dry_run: true })).toBe(
      "3 events will be added; 1 is already on the calendar; 2 fall outside the school year and will be left out.",
    );
    expect(
      importSummary({ ...result, dry_run: false, added: 1, duplicates: 2, skipped_outside_year: 1 }),
    ).toBe("Added 1 event; 2 were already on the calendar; 1 was outside the school year and left out.");
    // The plans on the days it closes: counted by the dry run, cancelled by the import.
    expect(importSummary({ ...result, dry_run: true, duplicates: 0, skipped_outside_year: 0, plans_cancelled: 110 })).toBe(
      "3 events will be added; 110 plans on the days without school will be cancelled.",
    );
    expect(importSummary({ ...result, dry_run: false, duplicates: 0, skipped_outside_year: 0, plans_cancelled: 1 })).toBe(
      "Added 3 events; 1 plan on the days without school was cancelled.",
    );
  });
});
