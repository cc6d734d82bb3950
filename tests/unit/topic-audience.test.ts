import {
  admits,
  andList,
  effectiveCapacity,
  normalizeAudience,
  refusalSentence,
} from "@/lib/choice/audience";
import { RUNGS } from "@/lib/core/choice/ladder";
import { blockReason } from "@/lib/schedule/reason-rows";

/** Who may join a topic (lib/choice/audience.ts) and the rung each reason names. */

const student = (grade: number, cluster_ids: number[] = [], section_ids: number[] = []) => ({
  grade,
  cluster_ids,
  section_ids,
});
const names = {
  clusters: new Map([
    [3, "Robotics"],
    [4, "Band"],
  ]),
  sections: new Map([
    [10, "CHEM12-01"],
    [11, "CHEM12-02"],
  ]),
};

describe("admits()", () => {
  it("admits everyone when there is no audience, or an empty one", () => {
    expect(admits(null, student(9))).toBe(true);
    expect(admits(undefined, student(9))).toBe(true);
    expect(admits({ grades: [], cluster_ids: [], section_ids: [] }, student(9))).toBe(true);
  });

  it("admits a student in any listed grade, cluster or section, and no one else", () => {
    const audience = { grades: [11, 12], cluster_ids: [3], section_ids: [10] };
    expect(admits(audience, student(12))).toBe(true);
    expect(admits(audience, student(9, [4, 3]))).toBe(true);
    expect(admits(audience, student(9, [], [11, 10]))).toBe(true);
    expect(admits(audience, student(10, [4], [11]))).toBe(false);
    expect(admits({ grades: [0], cluster_ids: [], section_ids: [] }, student(0))).toBe(true);
  });

  it("reads a partial stored audience (missing lists are empty)", () => {
    expect(admits({ grades: [12] } as never, student(12))).toBe(true);
    expect(admits({ section_ids: [10] } as never, student(12))).toBe(false);
  });
});

describe("the refusal", () => {
  it("names sections by code, grades and clusters", () => {
    const sections = { grades: [], cluster_ids: [], section_ids: [10, 11] };
    expect(refusalSentence("Chemistry 12 retake", sections, names)).toBe(
      "Chemistry 12 retake is only for CHEM12-01 and CHEM12-02.",
    );
    expect(refusalSentence("Lab", { grades: [11, 12], cluster_ids: [], section_ids: [] }, names)).toBe(
      "Lab is only for grades 11 and 12.",
    );
    expect(refusalSentence(" ", { grades: [0], cluster_ids: [3], section_ids: [] }, names)).toBe(
      "This topic is only for grade K and the Robotics cluster.",
    );
    expect(refusalSentence("Jam", { grades: [], cluster_ids: [3, 4], section_ids: [10] }, names)).toBe(
      "Jam is only for the clusters Robotics and Band and CHEM12-01.",
    );
  });

  it("joins lists in plain words", () => {
    expect(andList([])).toBe("");
    expect(andList(["a"])).toBe("a");
    expect(andList(["a", "b", "c"])).toBe("a, b and c");
  });
});

describe("normalizeAudience and effectiveCapacity", () => {
  it("sorts, dedupes and turns an empty audience into null", () => {
    expect(normalizeAudience({ grades: [12, 11, 12], cluster_ids: [], section_ids: [5, 2] })).toEqual({
      grades: [11, 12],
      cluster_ids: [],
      section_ids: [2, 5],
    });
    expect(normalizeAudience({ grades: [], cluster_ids: [], section_ids: [] })).toBeNull();
    expect(normalizeAudience(null)).toBeNull();
  });

  it("caps seats at the lower of capacity and seat cap", () => {
    expect(effectiveCapacity(30, null)).toBe(30);
    expect(effectiveCapacity(30, 12)).toBe(12);
    expect(effectiveCapacity(10, 12)).toBe(10);
  });
});

describe("reasons name their ladder rung", () => {
  const staff = { id: 1, title: "Ms.", first_name: "Ada", last_name: "Lovelace" };
  const at = "2026-11-20T17:00:00.000Z";
  const item = { memo: "retake", created_at: at, staff };
  const batch = { id: 1, memo: "Exams", created_at: at, staff, sysadmin: null };
  const rungs = new Set<string>(RUNGS.map((r) => r.rung));

  it("maps chosen, placed, booked, Power Scheduler and amendments to their rungs", () => {
    expect(blockReason({ source: "chosen", chosen_at: at, staff }, [], [])!.rung).toBe("chosen");
    expect(blockReason({ source: "placed", cutoff_at: at, staff }, [], [])!.rung).toBe("placed");
    expect(blockReason(undefined, [], [item])!).toMatchObject({ kind: "booked", rung: "appointment" });
    expect(blockReason(undefined, [], [{ ...item, batch }])!).toMatchObject({
      kind: "power_scheduler",
      rung: "appointment",
    });
    expect(blockReason(undefined, [item], [])!).toMatchObject({ kind: "amended", rung: "amendment" });
    expect(blockReason(undefined, [{ ...item, batch }], [])!).toMatchObject({
      kind: "power_scheduler",
      rung: "amendment",
    });
    for (const reason of [blockReason(undefined, [], [item])!, blockReason(undefined, [item], [])!]) {
      expect(rungs.has(reason.rung!)).toBe(true);
    }
  });

  it("explains a block by the highest rung held: a locked appointment over an amendment, an amendment over an unlocked request", () => {
    const plan = { source: "chosen" as const, chosen_at: at, staff };
    expect(blockReason(plan, [item], [item])!).toMatchObject({ kind: "booked", rung: "appointment" });
    expect(blockReason(plan, [item], [{ ...item, locked: false }])!).toMatchObject({
      kind: "amended",
      rung: "amendment",
    });
    expect(blockReason(plan, [], [{ ...item, locked: false }])!).toMatchObject({
      kind: "booked",
      rung: "request",
      locked: false,
    });
  });
});
