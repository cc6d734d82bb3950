import "server-only";
import { turnTaker, type TakeTurn } from "@/lib/event-loop";
import { handOver } from "@/lib/worker-channel";
import { openWorker } from "@/lib/workers.server";
import { BundleRefused, type BundleProblem } from "./parse";
import type { Plan, PlanOptions, RosterState } from "./plan";

/** The planner worker's tasks (lib/oneroster/plan.worker.ts): read the bundle, then plan it against a roster. */
export interface ParseRequest {
  bytes: Uint8Array;
}
export interface PlanRequest {
  state: RosterState;
  options: PlanOptions;
}

export interface Planner {
  /** Resolves once the bundle is read; rejects with BundleRefused when it breaks the format. */
  parsed: Promise<void>;
  /** The plan against the school's roster as it is now (lib/oneroster/plan.ts planBundle). */
  plan(state: RosterState, options: PlanOptions): Promise<Plan>;
  /** Ends the worker (always, once the plan is in or the caller gives up). */
  close(): void;
}

const refused = (problems: unknown) => new BundleRefused(problems as BundleProblem[]);

/**
 * Reads and plans a bundle in a worker thread, so the server's event loop never holds the bundle, its
 * rows or the garbage they make: with both on the loop a teacher's check-in status beside a
 * 2,000-student import waited for the parse's slices and its garbage collections (p95 up to 3× idle).
 * The bundle is read once, and its rows stay in the thread for the plan; the loop only sends the
 * school's roster and takes the plan back, a slice of rows per turn (lib/workers.server.ts openWorker).
 * The worker starts reading at once; `plan` may be called before it is done (it waits for the reading).
 */
export function openPlanner(bytes: Uint8Array, turn: TakeTurn = turnTaker()): Planner {
  const worker = openWorker("oneroster/plan");
  const bundle = handOver(bytes);
  const request: ParseRequest = { bytes: bundle.bytes };
  const parsed = worker.run<null>("parse", request, { transfer: bundle.transfer, turn, refused }).then(() => undefined);
  // Handled here too: a refusal may come while the caller is still reading the roster, before it awaits this.
  parsed.catch(() => {});
  return {
    parsed,
    plan: (state, options) => worker.run<Plan>("plan", { state, options } satisfies PlanRequest, { turn, refused }),
    close: () => worker.close(),
  };
}
