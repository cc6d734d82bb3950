import { lockedSentence, studentMayChooseOver } from "@/lib/requests/locks";
import { patternWords } from "@/lib/requests/series-types";
import { sentenceFor } from "@/lib/core/schedule/reason";

/** What a student reads about an appointment that holds their block, locked or not. */
describe("locked and unlocked appointments in words", () => {
  it("names the booking teacher, the memo and whom to ask", () => {
    expect(lockedSentence({ title: "Ms.", last_name: "Ruiz" }, "a test retake")).toBe("Ms. Ruiz has booked you for a test retake — ask her to change it.");
    expect(lockedSentence({ title: "Mr.", last_name: "Reyes" }, "")).toBe("Mr. Reyes has booked you — ask him to change it.");
    expect(lockedSentence({ title: "Dr.", last_name: "Kim" }, "lab.")).toBe("Dr. Kim has booked you for lab — ask them to change it.");
    expect(lockedSentence({ name: "Mrs. Ng, Lee" }, "  essay  ")).toBe("Mrs. Ng has booked you for essay — ask her to change it.");
  });

  it("follows the ladder: only an unlocked appointment gives way to the student's choice", () => {
    expect(studentMayChooseOver({ locked: true })).toBe(false);
    expect(studentMayChooseOver({ locked: false })).toBe(true);
  });

  it("words an unlocked request's reason for the student and for staff", () => {
    const reason = { kind: "booked" as const, by: { id: 1, name: "Mr. Reyes, Daniel" }, memo: "lab catch-up", at: "2026-12-01T17:00:00Z", locked: false };
    expect(sentenceFor(reason, { viewer: "self", timezone: "UTC" })).toBe("Mr. Reyes asked you to come: lab catch-up. You may still choose.");
    expect(sentenceFor({ ...reason, memo: "" }, { viewer: "staff", studentName: "Maya", timezone: "UTC" })).toBe("Mr. Reyes asked Maya to come. They may still choose.");
    expect(sentenceFor({ ...reason, locked: true }, { viewer: "self", timezone: "UTC" })).toBe("Mr. Reyes booked you: lab catch-up");
  });

  it("words a series' pattern", () => {
    expect(patternWords({ day_type: "Day 2", weekday: null })).toBe("every Day 2");
    expect(patternWords({ day_type: null, weekday: 2 })).toBe("every Tuesday");
  });
});
