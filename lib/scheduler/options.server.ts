import "server-only";
import type { Db } from "@/db";
import { dayTypesFrom, flexBlockDates } from "@/db/queries/power-scheduler";
import { staffChoices, studentsWithClusters, visibleClusters } from "@/db/queries/power-scheduler-options";
import { staffName } from "@/lib/people/names";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import { dayOfWeek, schoolToday } from "@/lib/core/time";

export interface PowerSchedulerOptions {
  students: { id: number; first_name: string; last_name: string; grade: number; cluster_ids: number[] }[];
  clusters: { id: number; name: string }[];
  /** capacity: the students the teacher takes in a Focus Block (the Power Scheduler warns past it). */
  staff: {
    id: number;
    first_name: string;
    last_name: string;
    name: string;
    email: string;
    capacity: number;
  }[];
  /**
   * Flex blocks, the weekdays they meet (0 = Sunday … 6 = Saturday) and the dates they meet from today
   * (the school calendar: on a rotation a block may meet on some Tuesdays and not others).
   */
  blocks: { id: number; label: string; days: number[]; dates: string[] }[];
  /** The rotation's day type of each school day from today ("Day 2"); empty on a weekly timetable. */
  day_types: { date: string; day_type: string }[];
  today: string;
  year_start: string | null;
  year_end: string | null;
  appointment_limit: number;
}

/** GET /api/power-scheduler/options: everything the stepper chooses from, in six statements. */
export async function powerSchedulerOptions(db: Db, now: Date): Promise<PowerSchedulerOptions> {
  const calendar = await schoolCalendarSettings(db);
  const today = schoolToday(calendar.timezone, now);
  const [students, clusters, staff, meetings, dayTypes] = await Promise.all([
    studentsWithClusters(db),
    visibleClusters(db),
    staffChoices(db),
    flexBlockDates(db),
    dayTypesFrom(db, today),
  ]);
  const blocks = meetings.map((m) => {
    const dates = (m.dates ?? []).filter((date) => date >= today);
    return {
      id: m.block_id,
      label: m.label,
      days: [...new Set((m.dates ?? []).map(dayOfWeek))].sort((x, y) => x - y),
      dates,
    };
  });
  return {
    students: students.map((s) => ({ ...s, cluster_ids: (s.cluster_ids ?? []).map(Number) })),
    clusters,
    staff: staff.map((s) => ({
      id: s.id,
      first_name: s.first_name,
      last_name: s.last_name,
      name: staffName(s),
      email: s.email,
      capacity: s.capacity,
    })),
    blocks,
    day_types: dayTypes,
    today,
    year_start: calendar.yearStart || null,
    year_end: calendar.yearEnd || null,
    appointment_limit: calendar.appointmentLimit,
  };
}
