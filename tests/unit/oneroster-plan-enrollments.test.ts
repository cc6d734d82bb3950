/** @jest-environment node */
import { planEnrollments } from "@/lib/oneroster/plan-enrollments";
import { planHomerooms, type HomeroomEnrollment } from "@/lib/oneroster/plan-homerooms";
import type { PlannedPeople, Role } from "@/lib/oneroster/plan-people";
import type { PlannedSections } from "@/lib/oneroster/plan-classes";
import { planTeachers } from "@/lib/oneroster/plan-teachers";
import type { UserRow } from "@/lib/oneroster/bundle-files";
import {
  classRow,
  emptyRoster,
  enrollmentRow,
  localSection,
  localStaff,
  localStudent,
  planContext,
  rosterRows,
  teacherRow,
  userRow,
} from "../helpers/oneroster-rows";

const peopleOf = (users: UserRow[]): PlannedPeople => ({
  roleOf: new Map(users.filter((u) => u.role !== "parent").map((u) => [u.sourcedId, u.role as Role])),
  userBySourced: new Map(users.map((u) => [u.sourcedId, u])),
});
const sectionsKnown = (...ids: string[]): PlannedSections => ({ known: (id) => ids.includes(id), unmatched: new Set() });

describe("planEnrollments", () => {
  const users = [userRow({ sourcedId: "s1" }), userRow({ sourcedId: "gone", status: "tobedeleted" }), teacherRow({ sourcedId: "t1" })];

  it("enrols students, takes teachers' and homerooms' enrolments aside, and refuses what names nobody known", async () => {
    const rows = rosterRows({
      enrollments: [
        enrollmentRow({ classSourcedId: "k1", userSourcedId: "s1", beginDate: "2026-09-01" }),
        enrollmentRow({ classSourcedId: "k1", userSourcedId: "t1", role: "teacher" }),
        enrollmentRow({ classSourcedId: "h1", userSourcedId: "s1" }),
        enrollmentRow({ classSourcedId: "k9", userSourcedId: "s1", line: 20 }),
        enrollmentRow({ classSourcedId: "k1", userSourcedId: "gone", line: 21 }),
        enrollmentRow({ classSourcedId: "k1", userSourcedId: "t1", line: 22, sourcedId: "t-as-student" }),
        enrollmentRow({ classSourcedId: "k1", userSourcedId: "s1", line: 23, sourcedId: "late", beginDate: "2027-01-02", endDate: "2027-01-01" }),
      ],
    });
    const ctx = planContext(rows);
    const planned = await planEnrollments(ctx, peopleOf(users), sectionsKnown("k1"), new Set(["h1"]));
    expect(ctx.writes.enrollments.insert).toEqual([
      { sourced_id: "s1@k1", student_sourced_id: "s1", section_sourced_id: "k1", begin_date: "2026-09-01", end_date: null },
    ]);
    expect([...planned.teachersWanted]).toEqual([["k1", new Set(["t1"])]]);
    expect(planned.homeroomEnrollments).toEqual([expect.objectContaining({ classSourcedId: "h1", userSourcedId: "s1", teacher: false })]);
    expect(ctx.errors.map((e) => [e.line, e.reason])).toEqual([
      [20, "classSourcedId k9 is not in classes.csv."],
      [21, "userSourcedId gone is marked tobedeleted in users.csv."],
      [22, "userSourcedId t1 is not a student in users.csv."],
      [23, "endDate is before beginDate."],
    ]);
  });

  it("a bulk file drops the student enrolments it leaves out; a delta drops those marked tobedeleted", async () => {
    const enrollments = [
      { id: 1, sourced_id: "kept", student_id: 1, section_id: 1, begin_date: null, end_date: null, dropped: false },
      { id: 2, sourced_id: "left", student_id: 1, section_id: 1, begin_date: null, end_date: null, dropped: false },
    ];
    const roster = emptyRoster({ enrollments });
    const rows = [enrollmentRow({ classSourcedId: "k1", userSourcedId: "s1", sourcedId: "kept", status: "tobedeleted" })];
    const delta = planContext(rosterRows({ enrollments: rows }), roster);
    await planEnrollments(delta, peopleOf(users), sectionsKnown("k1"), new Set());
    expect(delta.writes.enrollments.drop).toEqual([1]);
    const bulk = planContext(rosterRows({ enrollments: rows }, { enrollments: "bulk" }), roster);
    await planEnrollments(bulk, peopleOf(users), sectionsKnown("k1"), new Set());
    expect(bulk.writes.enrollments.drop).toEqual([1, 2]);
  });
});

describe("planTeachers", () => {
  const roster = () =>
    emptyRoster({
      staff: [localStaff({ id: 1, sourced_id: "t1" }), localStaff({ id: 2, sourced_id: "t2" }), localStaff({ id: 3 })],
      sections: [localSection({ id: 5, course_id: 1, sourced_id: "k1", teachers: [2, 3] })],
    });

  it("a bulk file sets the SIS's teachers of each section, keeping one the school added by hand", async () => {
    const ctx = planContext(rosterRows({ enrollments: [] }, { enrollments: "bulk" }), roster());
    await planTeachers(ctx, { teachersWanted: new Map([["k1", new Set(["t1"])]]), teacherPairsRemoved: [] });
    expect(ctx.writes.teachers).toEqual({
      add: [{ section_sourced_id: "k1", staff_sourced_id: "t1" }],
      remove: [{ section_id: 5, staff_id: 2 }],
    });
  });

  it("a delta adds and removes only the pairs it names", async () => {
    const ctx = planContext(rosterRows({ enrollments: [] }), roster());
    await planTeachers(ctx, { teachersWanted: new Map([["k1", new Set(["t2"])]]), teacherPairsRemoved: [{ section: "k1", staff: "t2" }] });
    expect(ctx.writes.teachers).toEqual({ add: [], remove: [{ section_id: 5, staff_id: 2 }] });
  });
});

describe("planHomerooms", () => {
  const homeroom = (o: Partial<HomeroomEnrollment> & { userSourcedId: string }): HomeroomEnrollment => ({
    line: 2,
    classSourcedId: "h1",
    teacher: false,
    primary: false,
    ...o,
  });
  const users = [userRow({ sourcedId: "s1" }), userRow({ sourcedId: "s2" }), teacherRow({ sourcedId: "t1" })];

  it("gives the homeroom's teacher its code and its students their default teacher, unless the school chose another", () => {
    const roster = emptyRoster({
      staff: [localStaff({ id: 1, sourced_id: "t1" }), localStaff({ id: 2, sourced_id: "t2", first_name: "Pat", last_name: "Kim" })],
      students: [localStudent({ id: 1, sourced_id: "s1" }), localStudent({ id: 2, sourced_id: "s2", default_teacher_id: 2 })],
    });
    const ctx = planContext(rosterRows({}), roster);
    const classes = [classRow({ sourcedId: "h1", courseSourcedId: "hr", classType: "homeroom", classCode: "HR7" })];
    const enrollments = [homeroom({ userSourcedId: "t1", teacher: true }), homeroom({ userSourcedId: "s1" }), homeroom({ userSourcedId: "s2" })];
    planHomerooms(ctx, classes, enrollments, peopleOf(users));
    expect(ctx.writes.homerooms.staff).toEqual([{ staff_sourced_id: "t1", homeroom: "HR7" }]);
    expect(ctx.writes.homerooms.students).toEqual([
      { student_sourced_id: "s1", teacher_sourced_id: "t1", set_teacher: true },
      { student_sourced_id: "s2", teacher_sourced_id: "t1", set_teacher: false },
    ]);
    expect(ctx.review.homerooms).toEqual({ classes: 1, students: 2 });
    expect(ctx.review.kept).toEqual([expect.objectContaining({ field: "default_teacher", samples: [expect.objectContaining({ before: "Pat Kim" })] })]);
  });

  it("refuses a second homeroom with the same code and a student enrolled as its teacher", () => {
    const ctx = planContext(rosterRows({}));
    const classes = [
      classRow({ sourcedId: "h1", courseSourcedId: "hr", classType: "homeroom", classCode: "HR7", line: 3 }),
      classRow({ sourcedId: "h2", courseSourcedId: "hr", classType: "homeroom", classCode: "hr7", line: 4 }),
    ];
    planHomerooms(ctx, classes, [homeroom({ userSourcedId: "s1", teacher: true, line: 9 })], peopleOf(users));
    expect(ctx.errors.map((e) => [e.file, e.line, e.reason])).toEqual([
      ["classes.csv", 4, "Another homeroom has the classCode hr7 (line 3)."],
      ["enrollments.csv", 9, "userSourcedId s1 is not a teacher in users.csv."],
    ]);
  });
});
