/** @jest-environment node */
import { outranks, planRung, studentMayReplace } from "@/lib/core/choice/ladder";
import { sentenceFor, standingPatternWords, type Reason } from "@/lib/core/schedule/reason";
import { blockReason, type BatchJson, type ReasonItemRow, type ReasonPlanRow } from "@/lib/schedule/reason-rows";
import { blocksMeetOn, withinSchoolYear } from "@/lib/schedule/school-days";

// The reason a student's week shows for a block: of the latest amendment, the first appointment and
// the plan, the one highest on the priority ladder (lib/core/choice/ladder.ts).

const reyes = { id: 7, title: "Mr.", first_name: "Daniel", last_name: "Reyes" };
const okafor = { id: 8, title: "Ms.", first_name: "Ada", last_name: "Okafor" };
const AT = "2026-03-02T16:30:00.000Z";
const LATER = "2026-03-03T09:00:00.000Z";

const plan = (over: Partial<ReasonPlanRow> = {}): ReasonPlanRow => ({ source: "chosen", chosen_at: AT, staff: reyes, ...over });
const item = (over: Partial<ReasonItemRow> = {}): ReasonItemRow => ({ memo: "retake", created_at: AT, staff: okafor, ...over });
const batch = (over: Partial<BatchJson> = {}): BatchJson => ({ id: 3, memo: "assembly", created_at: LATER, staff: null, sysadmin: null, ...over });

describe("blockReason: which of the block's items explains it", () => {
  it("is null when nothing holds the block", () => {
    expect(blockReason(undefined, [], [])).toBeNull();
  });

  it("is the student's own choice, with the teacher and when it was chosen", () => {
    expect(blockReason(plan(), [], [])).toEqual({
      kind: "chosen",
      rung: "chosen",
      teacher: { id: 7, name: "Mr. Reyes, Daniel" },
      at: AT,
    });
  });

  it("a plan without a source is a choice too, and a missing instant is empty", () => {
    expect(blockReason(plan({ source: undefined, chosen_at: undefined }), [], [])).toMatchObject({ kind: "chosen", at: "" });
  });

  it("a default placement names the cutoff; without a cutoff it reads as a choice", () => {
    expect(blockReason(plan({ source: "placed", cutoff_at: LATER }), [], [])).toEqual({
      kind: "placed",
      rung: "placed",
      teacher: { id: 7, name: "Mr. Reyes, Daniel" },
      at: LATER,
    });
    expect(blockReason(plan({ source: "placed", cutoff_at: null }), [], [])).toMatchObject({ kind: "chosen", rung: "chosen" });
  });

  it("a cutoff or a standing pattern on the row does not make a choice a placement or a standing choice", () => {
    const chosen = plan({ cutoff_at: LATER, standing: { day_type: "Day 2", weekday: null } });
    expect(blockReason(chosen, [], [])).toMatchObject({ kind: "chosen", rung: "chosen", at: AT });
  });

  it("a waitlist seat says so", () => {
    expect(blockReason(plan({ source: "waitlist" }), [], [])).toEqual({
      kind: "waitlist",
      rung: "waitlist",
      teacher: { id: 7, name: "Mr. Reyes, Daniel" },
      at: AT,
    });
  });

  it("a standing choice carries its pattern and leaves out the part it does not have", () => {
    expect(blockReason(plan({ source: "standing", standing: { day_type: "Day 2", weekday: null } }), [], [])).toEqual({
      kind: "standing",
      rung: "standing",
      teacher: { id: 7, name: "Mr. Reyes, Daniel" },
      day_type: "Day 2",
      at: AT,
    });
    const weekly = blockReason(plan({ source: "standing", standing: { day_type: null, weekday: 2 } }), [], []);
    expect(weekly).toEqual({ kind: "standing", rung: "standing", teacher: { id: 7, name: "Mr. Reyes, Daniel" }, weekday: 2, at: AT });
    expect(weekly).not.toHaveProperty("day_type");
    expect(blockReason(plan({ source: "standing", standing: null }), [], [])).toMatchObject({ kind: "chosen" });
  });

  it("a locked appointment outranks an amendment and the plan", () => {
    const reason = blockReason(plan(), [item({ memo: "voided" })], [item({ locked: true })]);
    expect(reason).toEqual({
      kind: "booked",
      rung: "appointment",
      by: { id: 8, name: "Ms. Okafor, Ada" },
      memo: "retake",
      at: AT,
      locked: true,
    });
  });

  it("an appointment without a lock flag is locked", () => {
    expect(blockReason(undefined, [], [item()])).toMatchObject({ kind: "booked", rung: "appointment" });
    expect(blockReason(undefined, [], [item()])).not.toHaveProperty("locked");
  });

  it("an amendment outranks an unlocked request, which outranks the plan", () => {
    const request = item({ locked: false, memo: "come by" });
    expect(blockReason(plan(), [], [request])).toMatchObject({ kind: "booked", rung: "request", locked: false, memo: "come by" });
    expect(blockReason(plan(), [item({ memo: "excused" })], [request])).toEqual({
      kind: "amended",
      rung: "amendment",
      by: { id: 8, name: "Ms. Okafor, Ada" },
      memo: "excused",
      at: AT,
    });
  });

  it("the latest amendment and the first appointment are the ones shown", () => {
    const reason = blockReason(undefined, [item({ memo: "first" }), item({ memo: "latest" })], []);
    expect(reason).toMatchObject({ memo: "latest" });
    const booked = blockReason(undefined, [], [item({ memo: "first" }), item({ memo: "second" })]);
    expect(booked).toMatchObject({ memo: "first" });
  });

  it("an item without its staff member has no `by`", () => {
    expect(blockReason(undefined, [item({ staff: null, created_at: undefined })], [])).toEqual({
      kind: "amended",
      rung: "amendment",
      memo: "retake",
      at: "",
    });
    expect(blockReason(undefined, [], [item({ staff: null, locked: true })])).not.toHaveProperty("by");
  });

  it("a Power Scheduler amendment names its batch, its author and whether it was for everyone", () => {
    const everyone = blockReason(plan(), [item({ batch: batch({ staff: okafor }) })], []);
    expect(everyone).toEqual({
      kind: "power_scheduler",
      batch: "amendment",
      rung: "amendment",
      by: { id: 8, name: "Ms. Okafor, Ada" },
      memo: "retake",
      everyone: true,
      at: LATER,
    });
    const one = blockReason(plan(), [item({ student: { id: 1 }, batch: batch({ sysadmin: { id: 1, name: "Admin" } }) })], []);
    expect(one).toMatchObject({ by: { id: 1, name: "Admin" } });
    expect(one).not.toHaveProperty("everyone");
  });

  it("a Power Scheduler appointment is at the top rung; a batch with no author has no `by`", () => {
    const reason = blockReason(plan(), [item()], [item({ batch: batch() })]);
    expect(reason).toEqual({ kind: "power_scheduler", batch: "appointment", rung: "appointment", memo: "retake", at: LATER });
  });

  it("a batch's staff author comes before a sysadmin", () => {
    const reason = blockReason(undefined, [], [item({ batch: batch({ staff: reyes, sysadmin: { id: 1, name: "Admin" } }) })]);
    expect(reason).toMatchObject({ by: { id: 7, name: "Mr. Reyes, Daniel" } });
  });
});

describe("school days: whether blocks meet on a date", () => {
  const year = { yearStart: "2025-09-02", yearEnd: "2026-06-26" };

  it("inside the year, bounds included; an empty bound is open", () => {
    expect(withinSchoolYear("2025-09-02", year)).toBe(true);
    expect(withinSchoolYear("2026-06-26", year)).toBe(true);
    expect(withinSchoolYear("2025-09-01", year)).toBe(false);
    expect(withinSchoolYear("2026-06-27", year)).toBe(false);
    expect(withinSchoolYear("1999-01-01", { yearStart: null, yearEnd: "2026-06-26" })).toBe(true);
    expect(withinSchoolYear("2999-01-01", { yearStart: "2025-09-02" })).toBe(true);
  });

  it("not on a no-blocks date, nor outside the year", () => {
    const days = { ...year, noBlockDates: ["2025-10-13"] };
    expect(blocksMeetOn("2025-10-14", days)).toBe(true);
    expect(blocksMeetOn("2025-10-13", days)).toBe(false);
    expect(blocksMeetOn("2026-07-01", days)).toBe(false);
  });
});

describe("the priority ladder", () => {
  it("a rung replaces what it equals or outranks, never what outranks it", () => {
    expect(outranks("chosen", null)).toBe(true);
    expect(outranks("appointment", "chosen")).toBe(true);
    expect(outranks("chosen", "chosen")).toBe(true);
    expect(outranks("placed", "chosen")).toBe(false);
    expect(outranks("request", "amendment")).toBe(false);
  });

  it("the student's own choice replaces only what is not locked", () => {
    expect(studentMayReplace(null)).toBe(true);
    expect(studentMayReplace({ rung: "request", locked: false })).toBe(true);
    expect(studentMayReplace({ rung: "appointment", locked: true })).toBe(false);
  });

  it("a plan's rung is its source", () => {
    expect(planRung("waitlist")).toBe("waitlist");
  });
});

describe("reason sentences without the optional parts", () => {
  const at = "2026-03-02T16:30:00Z";
  const ruiz = { id: 3, name: "Ms. Ruiz, Ana" };
  const staff = { viewer: "staff" as const, timezone: "UTC" };

  it("a standing choice with no pattern is for 'this day'", () => {
    expect(standingPatternWords({})).toBe("this day");
    expect(standingPatternWords({ weekday: null })).toBe("this day");
    expect(standingPatternWords({ day_type: "", weekday: 1 })).toBe("Mondays");
  });

  it("without a student's name, staff read 'the student'; without a teacher, 'their default teacher'", () => {
    expect(sentenceFor({ kind: "chosen", at } as Reason, staff)).toBe("The student chose their default teacher on Mar 2.");
    expect(sentenceFor({ kind: "booked", at, memo: "retake" } as Reason, staff)).toBe("A teacher booked the student: retake");
    expect(sentenceFor({ kind: "standing", teacher: ruiz, weekday: 1, at } as Reason, staff)).toBe("The student's usual on Mondays with Ms. Ruiz.");
  });

  it("a request, an amendment and a batch without their author", () => {
    expect(sentenceFor({ kind: "booked", locked: false, at } as Reason, { viewer: "self", timezone: "UTC" })).toBe(
      "A teacher asked you to come. You may still choose.",
    );
    expect(sentenceFor({ kind: "amended", at } as Reason, staff)).toBe("A teacher amended this block.");
    expect(sentenceFor({ kind: "power_scheduler", batch: "appointment", at } as Reason, staff)).toBe(
      "An administrator booked the student with the Power Scheduler.",
    );
    expect(sentenceFor({ kind: "power_scheduler", batch: "amendment", at } as Reason, { ...staff, studentName: "Maya" })).toBe(
      "An administrator amended this block for Maya with the Power Scheduler.",
    );
  });

  it("a waitlist seat, as the student and as staff read it", () => {
    const reason = { kind: "waitlist", teacher: ruiz, at } as Reason;
    expect(sentenceFor(reason, { viewer: "self", timezone: "UTC" })).toBe("A seat freed with Ms. Ruiz; you were first on the waitlist.");
    expect(sentenceFor(reason, { ...staff, studentName: "Maya" })).toBe("A seat freed with Ms. Ruiz; Maya was first on the waitlist.");
  });
});
