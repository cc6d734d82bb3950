import { mailboxAddress } from "@/lib/api/email-address";
import { guardianDigestContent, isoWeek, mondayOf } from "@/lib/guardians/digest-content";
import { guardianBody } from "@/lib/guardians/schemas";

describe("the weekly family summary's words", () => {
  it("names ISO weeks across year ends", () => {
    expect(isoWeek("2026-12-02")).toBe("2026-W49");
    expect(isoWeek("2027-01-01")).toBe("2026-W53");
    expect(isoWeek("2024-12-30")).toBe("2025-W01");
    expect(isoWeek("2026-01-04")).toBe("2026-W01");
    expect(mondayOf("2026-12-06")).toBe("2026-11-30");
    expect(mondayOf("2026-11-30")).toBe("2026-11-30");
  });

  it("says when nothing has met yet", () => {
    const { subject, content } = guardianDigestContent({
      monday: "2026-11-30",
      student: { first_name: "Rosa", last_name: "Diaz" },
      guardianName: "",
      cells: [],
    });
    expect(subject).toBe("Rosa Diaz: Focus Block week of Mon Nov 30");
    expect(content.paragraphs).toEqual([
      "Hello, here is Rosa Diaz's Focus Block week of Monday, Nov 30.",
      "No Focus Block has met for Rosa this week.",
    ]);
    expect(content.sections).toEqual([]);
  });
});

describe("family contact addresses", () => {
  it("takes one mailbox, lower-cased, and refuses the rest", () => {
    expect(mailboxAddress(" Parent@Family.Example ")).toBe("parent@family.example");
    for (const bad of ["a@", "a b@x.example", "x@y.example\r\nBcc: z@y.example", "x@y.example\n", "jöse@x.example", `${"a".repeat(250)}@x.example`, ""]) {
      expect(mailboxAddress(bad)).toBeNull();
    }
  });

  it("defaults the relationship to guardian and refuses a name with a line break", () => {
    expect(guardianBody.parse({ name: "Ana Ruiz", email: "ana@family.example" })).toEqual({
      name: "Ana Ruiz",
      email: "ana@family.example",
      relationship: "guardian",
    });
    expect(guardianBody.safeParse({ name: "Ana\nRuiz", email: "ana@family.example" }).success).toBe(false);
  });
});
