import "server-only";
import { closedDayPlansOf } from "@/db/queries/reach-lists";
import { defineJob } from "@/lib/jobs/types.server";
import { tellMoved } from "./moved.server";

/**
 * The "closed-day-notices" job: a calendar event that closed its day (a snow day, a Pro-D day added
 * late) cancelled plans (lib/calendar/closures.server.ts, which queued this job in its transaction);
 * each student whose plan it was is told, once per event, with the day, the event and the teacher.
 */
export const closedDayNoticesJob = defineJob<{ event_ids: number[] }>({
  maxAttempts: 5,
  async run({ db, payload }) {
    const plans = await closedDayPlansOf(db, payload.event_ids ?? []);
    const byStudentEvent = new Map<string, typeof plans>();
    for (const plan of plans) {
      const key = `${plan.student_id}|${plan.event_id}`;
      byStudentEvent.set(key, [...(byStudentEvent.get(key) ?? []), plan]);
    }
    const told = await db.transaction((tx) =>
      tellMoved(
        tx,
        [...byStudentEvent.values()].map((list) => ({
          student_id: list[0]!.student_id,
          occasion: `closed:${list[0]!.event_id}`,
          change: { kind: "closed_day" as const, event: list[0]!.event_name, teachers: list, dates: list.map((p) => p.date) },
        })),
        new Date(),
      ),
    );
    return { told };
  },
});
