import "server-only";
import { defineJob } from "@/lib/jobs/types.server";
import { materialiseStanding, standingDue } from "./service.server";

/**
 * The "standing-choices" job: makes the plans of students' standing choices for the Focus Blocks from
 * today to today + `standing-choice-days` (lib/standing/service.server.ts), each match once. A recurring
 * kind with no timer of its own, as placement is (lib/placement/job.server.ts): the runner asks isDue
 * (one statement) at each recurring check and enqueues it when a match is due. Each match commits with
 * the job's progress, so a worker that lost the job rolls its match back; a run does at most
 * STANDING_BATCH matches, and the next check enqueues another while some are left.
 */
export const standingChoicesJob = defineJob<Record<string, never>>({
  async isDue(db, now) {
    return standingDue(db, now);
  },
  async run({ db, progress }) {
    const { outcomes, more } = await materialiseStanding(db, new Date(), {
      tell: true,
      onEach: (tx, done, total) => progress(done, total, tx),
    });
    const count = (outcome: string) => outcomes.filter((o) => o.outcome === outcome).length;
    return {
      matches: outcomes.length,
      planned: count("planned"),
      held: count("held"),
      waitlisted: count("waitlisted"),
      unavailable: count("unavailable"),
      closed: count("closed"),
      more,
    };
  },
});
