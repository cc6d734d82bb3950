import "server-only";
import type { Db } from "@/db";
import { dayTypesFrom, flexBlockDates } from "@/db/queries/power-scheduler";
import { staffChoices, studentsWithClusters, visibleClusters } from "@/db/queries/power-scheduler-options";
import { staffName } from "@/lib/people/names";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import { dayOfWeek, schoolToday } from "@/lib/core/time";
import type { PowerSchedulerOptions } from "./answers";

export type { PowerSchedulerOptions };

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
