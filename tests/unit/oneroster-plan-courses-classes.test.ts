/** @jest-environment node */
import { classesOfSchool, matchPeriod, planSections } from "@/lib/oneroster/plan-classes";
import { planCourses } from "@/lib/oneroster/plan-courses";
import type { PlannedTerms } from "@/lib/oneroster/plan-terms";
import { classRow, courseRow, emptyRoster, localSection, planContext, rosterRows } from "../helpers/oneroster-rows";

const noTerms = (): PlannedTerms => ({ yearIds: new Set(), schoolYear: null, bundleTerms: new Set(), termIdOf: new Map(), sourcedOfTerm: new Map() });
const blocks = [
  { id: 11, label: "Block 1" },
  { id: 12, label: "Period 2" },
  { id: 13, label: "Flex" },
];

describe("planCourses", () => {
  it("creates a course, adopts the school's own course by its code, and refuses a code twice in the rows", async () => {
    const roster = emptyRoster({ courses: [{ id: 4, sourced_id: null, name: "Maths 9", short_name: "MA9", archived: false }] });
    const ctx = planContext(
      rosterRows({
        courses: [
          courseRow({ sourcedId: "c1", courseCode: "EN9", line: 2 }),
          courseRow({ sourcedId: "c2", courseCode: "ma9", title: "Maths 9", line: 3 }),
          courseRow({ sourcedId: "c3", courseCode: "EN9", line: 4 }),
        ],
      }),
      roster,
    );
    const courses = await planCourses(ctx, []);
    expect(ctx.writes.courses.insert).toEqual([{ sourced_id: "c1", name: "Course c1", short_name: "EN9" }]);
    expect(ctx.writes.courses.update).toEqual([{ id: 4, sourced_id: "c2", name: "Maths 9", short_name: "ma9" }]);
    expect(ctx.errors).toEqual([{ file: "courses.csv", line: 4, reason: "The courseCode EN9 is also on line 2." }]);
    expect(courses.known("c1")).toBe(true);
    expect(courses.known("nowhere")).toBe(false);
  });

  it("plans another school's course only when the school's classes use it; a bulk file archives the SIS's courses it leaves out", async () => {
    const roster = emptyRoster({ courses: [{ id: 9, sourced_id: "old", name: "Old", short_name: "OLD", archived: false }] });
    const rows = rosterRows(
      { courses: [courseRow({ sourcedId: "shared", orgSourcedId: "district" }), courseRow({ sourcedId: "theirs", orgSourcedId: "district" })] },
      { courses: "bulk" },
    );
    const ctx = planContext(rows, roster);
    Object.assign(ctx, { inOrg: (id: string) => id === "school" });
    await planCourses(ctx, [classRow({ sourcedId: "k1", courseSourcedId: "shared" })]);
    expect(ctx.writes.courses.insert.map((c) => c.sourced_id)).toEqual(["shared"]);
    expect(ctx.writes.courses.archive).toEqual([9]);
  });
});

describe("planSections (classes)", () => {
  it("matches periods to blocks by label or the caller's map", () => {
    expect(matchPeriod("1", blocks)).toBe(11);
    expect(matchPeriod("2", blocks)).toBe(12);
    expect(matchPeriod("flex", blocks)).toBe(13);
    expect(matchPeriod("X", blocks, { X: 13 })).toBe(13);
    expect(matchPeriod("X", blocks, { X: 99 })).toBeNull();
  });

  it("splits homerooms from sections", () => {
    const ctx = planContext(
      rosterRows({
        classes: [
          classRow({ sourcedId: "k1", courseSourcedId: "c1" }),
          classRow({ sourcedId: "h1", courseSourcedId: "c1", classType: "homeroom" }),
          classRow({ sourcedId: "h2", courseSourcedId: "c1", classType: "homeroom", status: "tobedeleted" }),
        ],
      }),
    );
    const classes = classesOfSchool(ctx);
    expect(classes.sections.map((c) => c.sourcedId)).toEqual(["k1"]);
    expect(classes.homerooms.map((c) => c.sourcedId)).toEqual(["h1"]);
    expect([...classes.homeroomIds]).toEqual(["h1", "h2"]);
  });

  it("creates a section in its term with a meeting per matched period, asks for the others, and refuses an unknown course", async () => {
    const ctx = planContext(rosterRows({ classes: [] }), emptyRoster({ blocks }));
    const terms = { ...noTerms(), bundleTerms: new Set(["fall"]), yearIds: new Set(["y"]) };
    const sections = [
      classRow({ sourcedId: "k1", courseSourcedId: "c1", termSourcedIds: ["y", "fall"], periods: ["1", "9"] }),
      classRow({ sourcedId: "k2", courseSourcedId: "nope", line: 7 }),
    ];
    const planned = await planSections(ctx, sections, terms, { known: (id) => id === "c1" });
    expect(ctx.writes.sections.insert).toEqual([{ sourced_id: "k1", course_sourced_id: "c1", code: "K1", term_sourced_id: "fall", term_id: null }]);
    expect(ctx.writes.meetings.add).toEqual([{ section_sourced_id: "k1", block_id: 11 }]);
    expect([...planned.unmatched]).toEqual(["9"]);
    expect(ctx.errors).toEqual([{ file: "classes.csv", line: 7, reason: "courseSourcedId nope is not in courses.csv." }]);
    expect(planned.known("k1")).toBe(true);
    expect(planned.known("k2")).toBe(true);
  });

  it("moves a section's meetings to the blocks its periods name now", async () => {
    const roster = emptyRoster({
      blocks,
      courses: [{ id: 1, sourced_id: "c1", name: "C", short_name: "C1", archived: false }],
      sections: [localSection({ id: 5, course_id: 1, sourced_id: "k1", code: "K1", blocks: [11] })],
    });
    const ctx = planContext(rosterRows({ classes: [] }), roster);
    await planSections(ctx, [classRow({ sourcedId: "k1", courseSourcedId: "c1", periods: ["2"] })], noTerms(), { known: () => true });
    expect(ctx.writes.meetings).toEqual({ add: [{ section_sourced_id: "k1", block_id: 12 }], remove: [{ section_id: 5, block_id: 11 }] });
    expect(ctx.writes.sections.update).toEqual([]);
    expect(ctx.changes).toEqual([
      { kind: "section", action: "updated", sourced_id: "k1", name: "Class k1 (K1)", fields: { blocks: { before: "Block 1", after: "Period 2" } } },
    ]);
  });
});
