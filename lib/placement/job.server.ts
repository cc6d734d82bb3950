import "server-only";
import { defineJob } from "@/lib/jobs/types.server";
import { dueDates, runDuePlacements } from "./service.server";

/**
 * The "placement" job: places every Focus Block date whose cutoff has passed and that has no run yet
 * (lib/placement/service.server.ts). Each date commits with the job's progress, so a worker that lost the
 * job rolls its date back, and a second runner finds the date taken and skips it.
 *
 * A recurring kind with no timer of its own: the job runner asks isDue at each of its recurring
 * checks (every 30 s on every instance, at start, which is how a restarted server catches up, and at
 * once when the cutoff setting changes) and enqueues one job when a date is due and no placement job
 * is queued or running. With placement off, isDue is one read of the placement settings.
 */
export const placementJob = defineJob<Record<string, never>>({
  async isDue(db, now) {
    return (await dueDates(db, now)).length > 0;
  },
  async run({ db, progress }) {
    const results = await runDuePlacements(db, new Date(), (tx, done, total) => progress(done, total, tx));
    return {
      dates: results.length,
      placed: results.reduce((sum, r) => sum + r.placed, 0),
      runs: results,
    };
  },
});
