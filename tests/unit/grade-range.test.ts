import { classOf, studentClass } from "@/components/people/student-class";
import { gradeLabel, gradeRangeMessage, gradeRangeOf, gradesOf } from "@/lib/grade-range";
import { STAFF_TITLE_CHOICES, staffName, titledFullName } from "@/lib/people/names";
import { titleField } from "@/lib/people/schemas";

describe("the school's grades", () => {
  it("reads the settings, with the spec's 8–12 and Seniors from 11 as defaults", () => {
    expect(gradeRangeOf({})).toEqual({ min: 8, max: 12, seniorsFrom: 11 });
    expect(gradeRangeOf({ grade_min: 0, grade_max: "12", seniors_from_grade: 9 })).toEqual({
      min: 0,
      max: 12,
      seniorsFrom: 9,
    });
    // Unreadable values take the defaults; a minimum above the maximum is read swapped.
    expect(gradeRangeOf({ grade_min: "x", grade_max: 20, seniors_from_grade: null })).toEqual({
      min: 8,
      max: 12,
      seniorsFrom: 11,
    });
    expect(gradeRangeOf({ grade_min: 12, grade_max: 7 })).toMatchObject({ min: 7, max: 12 });
    expect(gradesOf({ min: -1, max: 2, seniorsFrom: 1 })).toEqual([-1, 0, 1, 2]);
    expect([gradeLabel(-1), gradeLabel(0), gradeLabel(7)]).toEqual(["Pre-K", "K", "7"]);
    expect(gradeRangeMessage({ min: 0, max: 12, seniorsFrom: 9 })).toBe("Choose a grade from K to 12.");
  });

  it("counts Seniors from the setting's grade", () => {
    expect([studentClass(10), studentClass(11)]).toEqual(["Junior", "Senior"]);
    expect([classOf(11, 12), classOf(12, 12)]).toEqual(["Junior", "Senior"]);
  });
});

describe("titles", () => {
  it("include Mx. and none, and a blank title prints nicely", () => {
    expect(STAFF_TITLE_CHOICES).toEqual(expect.arrayContaining(["Mx.", ""]));
    expect(titleField.safeParse("Mx.").success).toBe(true);
    expect(titleField.safeParse("").success).toBe(true);
    expect(titleField.safeParse("Sir").success).toBe(false);
    expect(staffName({ title: "", first_name: "Ada", last_name: "Lovelace" })).toBe("Lovelace, Ada");
    expect(staffName({ title: "Mx.", first_name: "Ada", last_name: "Lovelace" })).toBe("Mx. Lovelace, Ada");
    expect(titledFullName({ title: "", first_name: "Ada", last_name: "Lovelace" })).toBe("Ada Lovelace");
  });
});

describe("a blank title everywhere a staff member is named", () => {
  it("is left out of the search panel's staff rows", async () => {
    const { hitsOf } = await import("@/components/shell/search-results");
    const [hit] = hitsOf("staff", {
      students: [],
      staff: [{ id: 1, title: "", first_name: "Ada", last_name: "Lovelace" }],
      courses: [],
      clusters: [],
    });
    expect(hit!.label).toBe("Lovelace, Ada");
  });
});
