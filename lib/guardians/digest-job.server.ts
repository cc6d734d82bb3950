import "server-only";
import { defineJob } from "@/lib/jobs/types.server";
import type { SchoolDate } from "@/lib/core/time";
import { dueDigestWeek, sendGuardianDigest } from "./digest.server";

/**
 * The "guardian-digest" job: with an empty payload (the runner's recurring check found the week's
 * summary due), that week's, once; with `{ monday }` (an administrator's send-now), that week's at
 * once, past the quiet hours.
 */
export type GuardianDigestPayload = { monday?: SchoolDate };

export const guardianDigestJob = defineJob<GuardianDigestPayload>({
  maxAttempts: 3,
  async isDue(db, now) {
    return (await dueDigestWeek(db, now)) !== null;
  },
  async run({ db, payload }) {
    const now = new Date();
    if (payload.monday) {
      const result = await sendGuardianDigest(db, payload.monday, now, { immediate: true });
      return { ...result };
    }
    const monday = await dueDigestWeek(db, now);
    if (!monday) return { told: 0 };
    return { ...(await sendGuardianDigest(db, monday, now, { immediate: false })) };
  },
});
