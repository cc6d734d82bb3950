import "server-only";
import { defineJob } from "@/lib/jobs/types.server";
import type { SchoolDate } from "@/lib/core/time";
import { dueReminders, sendReminder, type ReminderKind, type ReminderResult } from "./reminders.server";

/**
 * The "reminders" job: with an empty payload (the runner's recurring check found a run due), every due
 * date's "not chosen" reminder and morning list, each once; with `{ kind, date }` (an administrator's
 * POST /api/reminders/send), that one at once, past the quiet hours.
 */
export type RemindersPayload = { kind?: ReminderKind; date?: SchoolDate };

export const remindersJob = defineJob<RemindersPayload>({
  maxAttempts: 3,
  async isDue(db, now) {
    return (await dueReminders(db, now)).length > 0;
  },
  async run({ db, payload, progress }) {
    const now = new Date();
    const results: ReminderResult[] = [];
    if (payload.kind && payload.date) {
      const result = await sendReminder(db, payload.kind, payload.date, now, { immediate: true });
      if (result) results.push(result);
    } else {
      const due = await dueReminders(db, now);
      for (const [index, { kind, day }] of due.entries()) {
        const result = await sendReminder(db, kind, day.date, now, { immediate: false });
        if (result) results.push(result);
        await progress(index + 1, due.length);
      }
    }
    return { runs: results, told: results.reduce((sum, r) => sum + r.told, 0) };
  },
});
