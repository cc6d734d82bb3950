import "server-only";
import type { Db } from "@/db";
import { enqueueJob } from "@/lib/jobs/queue";
import { log } from "@/lib/log";
import { enqueuePlacementIfDue } from "./service";
import { onPlacementWake } from "./wake";

/**
 * The one mechanism that starts default placement: every 30 seconds, when the settings change (and once at start, which is how a
 * restarted server catches up) each instance checks whether a Focus Block date's cutoff has passed
 * without a run, and if so puts one "placement" job on the queue for the job runner. Nothing is kept
 * in memory: the runs table says what is done.
 */
export function startPlacementTicker(getDb: () => Promise<Db>, everyMs = 30_000): { stop(): void } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const db = await getDb();
      await enqueuePlacementIfDue(db, new Date(), () => enqueueJob(db, "placement", {}));
    } catch (error) {
      log.warn({ err: error }, "placement check failed");
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref?.();
  const unsubscribe = onPlacementWake(() => void tick());
  return {
    stop() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}
