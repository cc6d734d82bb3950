/** @jest-environment node */
import {
  presentAmendment,
  presentAppointment,
  presentCourse,
  presentLog,
  presentOwnTopic,
  presentPlan,
  presentTeacher,
  presentTopicSchedule,
  schoolClock,
  studentRef,
} from "@/lib/schedule/present";

// The JSON shapes of scheduling items, from the rows db/queries/schedule.ts selects.

const reyes = { id: 7, title: "Mr.", first_name: "Daniel", last_name: "Reyes" };
const jane = { id: 21, first_name: "Jane", last_name: "Smith" };
const topicRow = { id: 4, memo: "Quiet study", color: "#336699", unavailable: false, deleted: false };
const topic = { ...topicRow, staff: { id: 7, name: "Mr. Reyes, Daniel" } };
const item = { id: 9, memo: "retake", date: "2026-03-02", block_id: 2 };

describe("scheduling items as JSON", () => {
  it("a student is referred to by id and display name", () => {
    expect(studentRef(jane)).toEqual({ id: 21, name: "Jane Smith" });
  });

  it("an own topic carries its seat cap and a normalized audience (none: open to all)", () => {
    const own = presentOwnTopic({ ...topicRow, seat_cap: 12, open_to: { grades: [11, 9, 11], cluster_ids: [], section_ids: [] } }, reyes);
    expect(own).toEqual({ ...topic, seat_cap: 12, open_to: { grades: [9, 11], cluster_ids: [], section_ids: [] } });
    expect(presentOwnTopic({ ...topicRow, seat_cap: null, open_to: null }, reyes)).toEqual({ ...topic, seat_cap: null, open_to: null });
  });

  it("an amendment may have neither staff member nor student (a whole-block amendment)", () => {
    expect(presentAmendment({ ...item, staff: reyes, student: jane })).toEqual({
      ...item,
      staff: { id: 7, name: "Mr. Reyes, Daniel" },
      student: { id: 21, name: "Jane Smith" },
    });
    expect(presentAmendment({ ...item, staff: null, student: null })).toEqual({ ...item, staff: null, student: null });
  });

  it("an appointment is locked and outside a series unless its row says otherwise", () => {
    const row = { ...item, staff: reyes, student: jane };
    const people = { staff: { id: 7, name: "Mr. Reyes, Daniel" }, student: { id: 21, name: "Jane Smith" } };
    expect(presentAppointment(row)).toEqual({ ...item, ...people, locked: true, series_id: null });
    expect(presentAppointment({ ...row, locked: false, series_id: 5 })).toEqual({ ...item, ...people, locked: false, series_id: 5 });
  });

  it("a log shows the school's clock time, and its topic only with the topic's owner", () => {
    const clock = (instant: Date) => instant.toISOString().slice(11, 16);
    const row = {
      id: 3,
      method: "manual" as const,
      checked_in_at: "2026-03-02T16:41:00.000Z",
      staff: reyes,
      student: jane,
      topic: topicRow,
      topic_owner: reyes,
    };
    expect(presentLog(row, clock)).toEqual({
      id: 3,
      time: "16:41",
      method: "manual",
      staff: { id: 7, name: "Mr. Reyes, Daniel" },
      student: { id: 21, name: "Jane Smith" },
      topic,
    });
    expect(presentLog({ ...row, staff: null, topic_owner: null }, clock)).toMatchObject({ staff: null, topic: null });
    expect(presentLog({ ...row, topic: null }, clock)).toMatchObject({ topic: null });
  });

  it("the school clock reads 12-hour time in the school's zone, with plain spaces", () => {
    const vancouver = schoolClock("America/Vancouver");
    expect(vancouver(new Date("2026-03-02T17:41:00.000Z"))).toBe("9:41 AM");
    expect(schoolClock("America/Vancouver")(new Date("2026-03-02T23:05:00.000Z"))).toBe("3:05 PM");
    expect(schoolClock("Europe/Paris")(new Date("2026-03-02T17:41:00.000Z"))).toBe("6:41 PM");
  });

  it("plans, topic schedules, courses and teachers", () => {
    const row = { id: 1, date: "2026-03-02", block_id: 2 };
    expect(presentPlan(row, jane, reyes)).toEqual({ ...row, student: { id: 21, name: "Jane Smith" }, staff: { id: 7, name: "Mr. Reyes, Daniel" } });
    expect(presentTopicSchedule(row, topicRow, reyes)).toEqual({ ...row, topic });
    expect(presentCourse({ id: 5, name: "Chemistry 11", short_name: "CHEM11", extra: 1 } as never)).toEqual({
      id: 5,
      name: "Chemistry 11",
      short_name: "CHEM11",
    });
    const teacher = { ...reyes, initials: "DR", color: "#aa0000" };
    expect(presentTeacher(teacher, topicRow)).toEqual({ id: 7, name: "Mr. Reyes, Daniel", initials: "DR", color: "#aa0000", topic });
    expect(presentTeacher(teacher, null)).toMatchObject({ topic: null });
  });
});
