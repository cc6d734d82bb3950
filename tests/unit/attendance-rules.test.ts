/** @jest-environment node */
import * as tiles from "@/components/calendar/tile-rules";
import {
  appointmentsMissed,
  appointmentStatus,
  ATTENDANCE_RULES,
  attendanceRate,
  attendanceStatus,
  logKeepsAppointment,
  OTHERWISE,
  planStatus,
  scheduledTeacherStatus,
  type BlockFacts,
} from "@/lib/core/attendance/rules";
import type { Appointment, Log, StaffScheduleBlock, StudentScheduleBlock } from "@/lib/core/schedule/types";

/** The calendar tiles decide attended / missed / void with the rules in lib, the ones the reports use. */

const teacher = { id: 7, name: "Mr. Smith, Jane" };
const student = { id: 3, name: "Sam Park" };
const log = (staffId: number | null): Log => ({
  id: 1,
  time: "9:41 AM",
  method: "manual",
  staff: staffId === null ? null : { id: staffId, name: "x" },
  student,
  topic: null,
});
const appointment = (staffId: number): Appointment => ({
  id: 2,
  memo: "See me",
  date: "2026-03-18",
  block_id: 9,
  staff: { id: staffId, name: "y" },
  student,
});
const amendment = { id: 3, memo: "Trip", date: "2026-03-18", block_id: 9, staff: teacher, student };

/** Every combination of the five facts. */
const ALL_FACTS: BlockFacts[] = [];
for (let bits = 0; bits < 32; bits++) {
  ALL_FACTS.push({
    amended: !!(bits & 1),
    logged: !!(bits & 2),
    pending: !!(bits & 4),
    flex: !!(bits & 8),
    outside: !!(bits & 16),
  });
}

describe("the calendar tiles use lib/attendance/rules", () => {
  it("re-exports the item rules themselves, not copies", () => {
    expect(tiles.appointmentStatus).toBe(appointmentStatus);
    expect(tiles.planStatus).toBe(planStatus);
    expect(tiles.scheduledTeacherStatus).toBe(scheduledTeacherStatus);
    expect(tiles.logMatchesAppointment).toBe(logKeepsAppointment);
  });

  it.each(ALL_FACTS)("gives a student tile the lib status for %j", (facts) => {
    const block: StudentScheduleBlock = {
      id: 9,
      start: "9:26 AM",
      end: "10:06 AM",
      label: "Focus Block",
      flex: facts.flex,
      pending: facts.pending,
      amendments: facts.amended ? [amendment] : [],
      appointments: [],
      logs: facts.logged ? [log(7)] : [],
      scheduled: null,
      attending: !facts.outside,
    };
    expect(tiles.studentTileStatus(block)).toBe(attendanceStatus(facts));
  });

  it("marks a staff tile missed exactly when lib says an appointment was missed", () => {
    for (const pending of [true, false]) {
      for (const logs of [[], [log(7)], [log(8)], [log(null)]]) {
        const block: StaffScheduleBlock = {
          id: 9,
          start: "9:26 AM",
          end: "10:06 AM",
          label: "Focus Block",
          flex: true,
          pending,
          amendments: [],
          appointments: [appointment(7)],
          logs,
          scheduled: null,
          planned: [],
        };
        expect(tiles.staffTileStatus(block) === "missed").toBe(appointmentsMissed(block));
      }
    }
  });
});

describe("the attendance rules", () => {
  it("decide in order: amended, logged, pending, outside the student's attendance, flex, otherwise past", () => {
    expect(ATTENDANCE_RULES.map((r) => [r.when, r.status])).toEqual([
      ["amended", "void"],
      ["logged", "attended"],
      ["pending", "pending"],
      ["outside", "past"],
      ["flex", "missed"],
    ]);
    expect(OTHERWISE).toBe("past");
    expect(attendanceStatus({ amended: true, logged: true, pending: true, outside: false, flex: true })).toBe("void");
    expect(attendanceStatus({ amended: false, logged: false, pending: false, outside: false, flex: false })).toBe("past");
    // Before a student attends (or once archived) a past Focus Block is never missed, but a log still counts.
    expect(attendanceStatus({ amended: false, logged: false, pending: false, outside: true, flex: true })).toBe("past");
    expect(attendanceStatus({ amended: false, logged: true, pending: false, outside: true, flex: true })).toBe("attended");
  });

  it("leaves a student tile without `attending` (older payloads) to the other facts", () => {
    const block: StudentScheduleBlock = {
      id: 9, start: "9:26 AM", end: "10:06 AM", label: "Focus Block", flex: true, pending: false,
      amendments: [], appointments: [], logs: [], scheduled: null,
    };
    expect(tiles.studentTileStatus(block)).toBe("missed");
    expect(tiles.studentTileStatus({ ...block, attending: false })).toBe("past");
    expect(tiles.studentTileStatus({ ...block, attending: true })).toBe("missed");
  });

  it("rate attended over attended and missed, and null with neither", () => {
    expect(attendanceRate(3, 1)).toBe(0.75);
    expect(attendanceRate(0, 0)).toBeNull();
  });
});
