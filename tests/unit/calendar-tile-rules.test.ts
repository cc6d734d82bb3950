/** @jest-environment node */
import {
  appointmentStatus,
  badgeLabel,
  planStatus,
  scheduledTeacherStatus,
  staffTile,
  staffTileStatus,
  studentTile,
  studentTileStatus,
} from "@/components/calendar/tile-rules";
import { methodLabel } from "@/components/calendar/method-labels";
import type {
  Amendment,
  Appointment,
  Log,
  Plan,
  StaffScheduleBlock,
  StudentScheduleBlock,
  Topic,
} from "@/lib/core/schedule/types";

const teacher = { id: 7, name: "Mr. Smith, Jane" };
const other = { id: 8, name: "Ms. Lee, Ann" };
const student = { id: 3, name: "Sam Park" };
const student2 = { id: 4, name: "Kim Ray" };

const topic = (over: Partial<Topic> = {}): Topic => ({
  id: 1,
  memo: "Math help",
  color: "teal",
  unavailable: false,
  deleted: false,
  staff: teacher,
  ...over,
});
const appointment = (over: Partial<Appointment> = {}): Appointment => ({
  id: 11,
  memo: "Finish lab",
  date: "2026-03-18",
  block_id: 9,
  staff: teacher,
  student,
  ...over,
});
const log = (over: Partial<Log> = {}): Log => ({
  id: 21,
  time: "9:41 AM",
  method: "manual",
  staff: teacher,
  student,
  topic: null,
  ...over,
});
const amendment = (over: Partial<Amendment> = {}): Amendment => ({
  id: 31,
  memo: "Field trip",
  date: "2026-03-18",
  block_id: 9,
  staff: teacher,
  student,
  ...over,
});
const plan = (over: Partial<Plan> = {}): Plan => ({
  id: 41,
  date: "2026-03-18",
  block_id: 9,
  student,
  staff: teacher,
  ...over,
});

const base = { id: 9, start: "9:26 AM", end: "10:06 AM", label: "Focus Block", flex: true, pending: true };
const staffBlock = (over: Partial<StaffScheduleBlock> = {}): StaffScheduleBlock => ({
  ...base,
  amendments: [],
  appointments: [],
  logs: [],
  scheduled: null,
  planned: [],
  ...over,
});
const studentBlock = (over: Partial<StudentScheduleBlock> = {}): StudentScheduleBlock => ({
  ...base,
  amendments: [],
  appointments: [],
  logs: [],
  scheduled: null,
  ...over,
});
const topicSchedule = (t: Topic = topic()) => ({ id: 51, date: "2026-03-18", block_id: 9, topic: t });

describe("badgeLabel", () => {
  it("hides the badge at zero and caps the count at 9", () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(1)).toBe("1");
    expect(badgeLabel(9)).toBe("9");
    expect(badgeLabel(10)).toBe("9+");
    expect(badgeLabel(250)).toBe("9+");
  });
});

describe("staff tile", () => {
  it("is missed when the block is past and an appointment has no log by its staff", () => {
    const block = staffBlock({ pending: false, appointments: [appointment()] });
    expect(staffTileStatus(block)).toBe("missed");
  });

  it("is not missed when the appointment's staff logged the student", () => {
    const block = staffBlock({ pending: false, appointments: [appointment()], logs: [log()] });
    expect(staffTileStatus(block)).toBe("pending");
  });

  it("does not count a log for another student as the appointment kept", () => {
    const block = staffBlock({
      pending: false,
      appointments: [appointment()],
      logs: [log({ student: student2 })],
    });
    expect(staffTileStatus(block)).toBe("missed");
  });

  it("is never missed while the block is pending", () => {
    expect(staffTileStatus(staffBlock({ appointments: [appointment()] }))).toBe("pending");
  });

  it("takes the topic's colour on a flex block with a topic, missed first", () => {
    const withTopic = staffBlock({ scheduled: topicSchedule() });
    expect(staffTile(withTopic)).toMatchObject({ status: "topic", color: "teal", title: "Math help" });
    const missed = staffBlock({ pending: false, scheduled: topicSchedule(), appointments: [appointment()] });
    expect(staffTile(missed)).toMatchObject({ status: "missed", color: null });
  });

  it("is pending otherwise, titled No Schedule on an empty flex block and by course elsewhere", () => {
    expect(staffTile(staffBlock())).toMatchObject({ status: "pending", title: "No Schedule" });
    const course = staffBlock({
      flex: false,
      label: "Block 2",
      scheduled: { id: 1, name: "Chemistry 11", short_name: "CHEM11" },
    });
    expect(staffTile(course)).toMatchObject({ status: "pending", title: "Chemistry 11" });
  });

  it("notes an unavailable topic and the planned students, and badges appointments", () => {
    const tile = staffTile(staffBlock({ scheduled: topicSchedule(topic({ unavailable: true })) }));
    expect(tile.memo).toBe("Unavailable");
    const planned = staffTile(staffBlock({ planned: [plan(), plan({ id: 42, student: student2 })] }));
    expect(planned.memo).toBe("2 planned");
    const many = Array.from({ length: 12 }, (_, i) => appointment({ id: i }));
    expect(staffTile(staffBlock({ appointments: many })).badge).toBe("9+");
  });
});

describe("student tile", () => {
  it("is void and titled Block Amended when amended, whatever else exists", () => {
    const block = studentBlock({ amendments: [amendment()], logs: [log()] });
    expect(studentTileStatus(block)).toBe("void");
    expect(studentTile(block)).toMatchObject({ title: "Block Amended", memo: null });
  });

  it("is attended with a log, pending while pending, otherwise missed", () => {
    expect(studentTileStatus(studentBlock({ logs: [log()] }))).toBe("attended");
    expect(studentTileStatus(studentBlock({ pending: true }))).toBe("pending");
    expect(studentTileStatus(studentBlock({ pending: false }))).toBe("missed");
  });

  it("does not call a past class missed: attendance is only taken in flex blocks", () => {
    const course = { id: 1, name: "Chemistry 11", short_name: "CHEM11" };
    expect(studentTileStatus(studentBlock({ flex: false, pending: false, scheduled: course }))).toBe("past");
    expect(studentTileStatus(studentBlock({ flex: false, pending: true, scheduled: course }))).toBe(
      "pending",
    );
    expect(studentTileStatus(studentBlock({ flex: false, pending: false, amendments: [amendment()] }))).toBe(
      "void",
    );
  });

  it("titles a flex block by the logging teacher, else the planned teacher and topic, else No Schedule", () => {
    const planned = { id: 7, name: teacher.name, initials: "JS", color: "teal", topic: topic() };
    expect(studentTile(studentBlock({ scheduled: planned }))).toMatchObject({
      title: teacher.name,
      memo: "Math help",
    });
    const logged = studentBlock({
      scheduled: planned,
      logs: [log({ staff: other, topic: topic({ memo: "Art" }) })],
    });
    expect(studentTile(logged)).toMatchObject({ title: other.name, memo: "Art" });
    expect(studentTile(studentBlock()).title).toBe("No Schedule");
  });

  it("shows an appointment instead of No Schedule, and before the plan it replaces", () => {
    const booked = appointment({ staff: { id: 9, name: "Ms. Lovelace, Ada" }, memo: "Quiz rewrite" });
    expect(studentTile(studentBlock({ appointments: [booked] }))).toMatchObject({
      title: "Ms. Lovelace, Ada",
      memo: "Appointment: Quiz rewrite",
      badge: "1",
    });
    const planned = { id: 7, name: teacher.name, initials: "JS", color: "teal", topic: topic() };
    expect(studentTile(studentBlock({ scheduled: planned, appointments: [appointment({ memo: "" })] }))).toMatchObject({
      memo: "Appointment",
    });
  });
});

describe("appointment and plan items", () => {
  it("are pending while the block is pending", () => {
    expect(appointmentStatus(appointment(), true, [log()])).toBe("pending");
    expect(planStatus(plan(), true, [])).toBe("pending");
    expect(scheduledTeacherStatus(7, true, [])).toBe("pending");
  });

  it("succeed with a matching log and fail without one afterwards", () => {
    expect(appointmentStatus(appointment(), false, [log()])).toBe("success");
    expect(appointmentStatus(appointment(), false, [log({ staff: other })])).toBe("fail");
    expect(planStatus(plan(), false, [log()])).toBe("success");
    expect(planStatus(plan(), false, [log({ student: student2 })])).toBe("fail");
    expect(scheduledTeacherStatus(7, false, [log()])).toBe("success");
    expect(scheduledTeacherStatus(8, false, [log()])).toBe("fail");
  });
});

describe("method labels", () => {
  it("uses the spec's wording", () => {
    expect(methodLabel("manual")).toBe("Via manual check-in");
    expect(methodLabel("air")).toBe("Via Air Check-in");
    expect(methodLabel("roll-call")).toBe("Via roll call");
    expect(methodLabel("amendment")).toBe("Amended");
    expect(methodLabel("proactive")).toBe("Proactive check-in");
    expect(methodLabel("retroactive")).toBe("Retroactive check-in");
  });
});
