/** @jest-environment node */
import { chooseSchool } from "@/lib/oneroster/plan-orgs";
import { planTerms } from "@/lib/oneroster/plan-terms";
import type { BundleProblem } from "@/lib/oneroster/parse";
import { emptyRoster, planContext, rosterRows, sessionRow } from "../helpers/oneroster-rows";

const org = (sourcedId: string, type = "school") => ({ sourcedId, status: "active" as const, name: `Org ${sourcedId}`, type, line: 2 });

describe("chooseSchool (orgs)", () => {
  it("takes the only school, whatever else the orgs list", () => {
    const errors: BundleProblem[] = [];
    const chosen = chooseSchool(rosterRows({ orgs: [org("district", "district"), org("north")] }), {}, errors);
    expect(chosen.org).toBe("north");
    expect(chosen.orgs.map((o) => o.sourced_id)).toEqual(["district", "north"]);
    expect(errors).toEqual([]);
  });

  it("asks for a choice among several schools, and refuses a choice that is no org", () => {
    const rows = rosterRows({ orgs: [org("north"), org("south")] });
    const several: BundleProblem[] = [];
    expect(chooseSchool(rows, {}, several).org).toBeNull();
    expect(several[0]!.reason).toBe("The bundle has 2 schools: choose one (org_sourced_id).");
    const unknown: BundleProblem[] = [];
    chooseSchool(rows, { org_sourced_id: "east" }, unknown);
    expect(unknown[0]!.reason).toBe("No org in orgs.csv has the sourcedId east.");
    expect(chooseSchool(rows, { org_sourced_id: "south" }, []).org).toBe("south");
  });

  it("plans every record when there are no orgs", () => {
    const ctx = planContext(rosterRows({}));
    expect(ctx.org).toBeNull();
    expect(ctx.inOrg("anything")).toBe(true);
  });
});

describe("planTerms (academic sessions)", () => {
  it("creates a new term, adopts the school's own term of the same name and dates, and keeps the latest school year", async () => {
    const roster = emptyRoster({ terms: [{ id: 7, sourced_id: null, name: "Fall", start: "2026-09-01", end: "2027-01-31" }] });
    const ctx = planContext(
      rosterRows({
        academicSessions: [
          sessionRow({ sourcedId: "y1", type: "schoolyear", startDate: "2025-09-01", endDate: "2026-06-30" }),
          sessionRow({ sourcedId: "y2", type: "schoolyear", title: "2026–27", startDate: "2026-09-01", endDate: "2027-06-30" }),
          sessionRow({ sourcedId: "fall", title: "Fall" }),
          sessionRow({ sourcedId: "spring", title: "Spring", startDate: "2027-02-01", endDate: "2027-06-30" }),
        ],
      }),
      roster,
    );
    const terms = await planTerms(ctx);
    expect(terms.schoolYear).toMatchObject({ sourced_id: "y2", name: "2026–27", start: "2026-09-01" });
    expect([...terms.yearIds]).toEqual(["y1", "y2"]);
    expect(terms.termIdOf.get("fall")).toBe(7);
    expect(ctx.writes.terms.insert).toEqual([{ sourced_id: "spring", name: "Spring", start: "2027-02-01", end: "2027-06-30" }]);
    expect(ctx.writes.terms.update).toEqual([{ id: 7, sourced_id: "fall", name: "Fall", start: "2026-09-01", end: "2027-01-31" }]);
    expect(ctx.review.terms.map((t) => [t.sourced_id, t.matched])).toEqual([["fall", "name_and_dates"], ["spring", null]]);
    expect(ctx.changes.map((c) => [c.sourced_id, c.action, c.matched])).toEqual([
      ["fall", "updated", "name_and_dates"],
      ["spring", "created", undefined],
    ]);
  });

  it("refuses a session that ends before it starts, and counts a term sent again unchanged", async () => {
    const roster = emptyRoster({ terms: [{ id: 3, sourced_id: "fall", name: "Fall", start: "2026-09-01", end: "2027-01-31" }] });
    const ctx = planContext(
      rosterRows({
        academicSessions: [
          sessionRow({ sourcedId: "fall", title: "Fall" }),
          sessionRow({ sourcedId: "bad", startDate: "2027-02-01", endDate: "2027-01-01", line: 9 }),
        ],
      }),
      roster,
    );
    await planTerms(ctx);
    expect(ctx.errors).toEqual([{ file: "academicSessions.csv", line: 9, reason: "endDate is before startDate." }]);
    expect(ctx.changes).toEqual([]);
    expect(ctx.unchangedCount()).toBe(1);
  });
});
