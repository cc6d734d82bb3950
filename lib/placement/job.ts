import "server-only";
import { defineJob } from "@/lib/jobs/types";
import { runDuePlacements } from "./service";

/**
 * The "placement" job: places every Focus Block date whose cutoff has passed and that has no run yet
 * (lib/placement/service.ts). Each date commits with the job's progress, so a worker that lost the
 * job rolls its date back, and a second runner finds the date taken and skips it.
 */
export const placementJob = defineJob<Record<string, never>>({
  async run({ db, progress }) {
    const results = await runDuePlacements(db, new Date(), (tx, done, total) => progress(done, total, tx));
    return {
      dates: results.length,
      placed: results.reduce((sum, r) => sum + r.placed, 0),
      runs: results,
    };
  },
});
