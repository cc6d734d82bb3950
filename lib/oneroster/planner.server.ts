import "server-only";
import { turnTaker, type TakeTurn } from "@/lib/event-loop";
import { handOver, pullValue, sendValue, type ValuePart } from "@/lib/worker-channel";
import { startWorker } from "@/lib/workers.server";
import { BundleRefused, type BundleProblem } from "./parse";
import type { Plan, PlanOptions, RosterState } from "./plan";

/** What the server sends the planner's worker (lib/oneroster/plan.worker.ts). */
export type ToPlanner =
  | { type: "bundle"; bytes: Uint8Array }
  | { type: "options"; options: PlanOptions }
  | { type: "state"; part: ValuePart }
  | { type: "next" };

/** What the worker answers. */
export type FromPlanner =
  | { type: "parsed" }
  | { type: "refused"; problems: BundleProblem[] }
  | { type: "failed"; message: string; stack?: string }
  | { type: "plan"; part: ValuePart };

export interface Planner {
  /** Resolves once the bundle is read; rejects with BundleRefused when it breaks the format. */
  parsed: Promise<void>;
  /** The plan against the school's roster as it is now (lib/oneroster/plan.ts planBundle). */
  plan(state: RosterState, options: PlanOptions): Promise<Plan>;
  /** Ends the worker (always, once the plan is in or the caller gives up). */
  close(): void;
}

/**
 * Reads and plans a bundle in a worker thread, so the server's event loop never holds the bundle, its
 * rows or the garbage they make: with both on the loop a teacher's check-in status beside a
 * 2,000-student import waited for the parse's slices and its garbage collections (p95 up to 3× idle).
 * The loop only sends the school's roster and takes the plan back, a slice of rows per turn
 * (lib/worker-channel.ts). The worker starts reading at once; `plan` may be called before it is done.
 */
export function openPlanner(bytes: Uint8Array, turn: TakeTurn = turnTaker()): Planner {
  const worker = startWorker("oneroster/plan");
  const send = (message: ToPlanner, transfer?: ArrayBuffer[]) => worker.postMessage(message, transfer);
  let fail!: (error: Error) => void;
  const failure = new Promise<never>((_, reject) => (fail = reject));
  failure.catch(() => {}); // answered through `parsed` and `plan`; the worker's exit after the plan is expected
  let markParsed!: () => void;
  const parsed = new Promise<void>((resolve) => (markParsed = resolve));
  let takePlanPart: ((part: ValuePart) => unknown) | null = null;

  worker.on("message", (message: FromPlanner) => {
    if (message.type === "parsed") markParsed();
    else if (message.type === "refused") fail(new BundleRefused(message.problems));
    else if (message.type === "failed") fail(Object.assign(new Error(message.message), { stack: message.stack }));
    else void takePlanPart?.(message.part);
  });
  worker.on("error", (error) => fail(error));
  worker.on("exit", (code) => fail(new Error(`The OneRoster planner's worker stopped (exit code ${code}).`)));

  const bundle = handOver(bytes);
  send({ type: "bundle", bytes: bundle.bytes }, bundle.transfer);
  // Handled here too: a refusal may come while the caller is still reading the roster, before it awaits this.
  const parsedOrRefused = Promise.race([parsed, failure]);
  parsedOrRefused.catch(() => {});
  return {
    parsed: parsedOrRefused,
    async plan(state, options) {
      const pulled = pullValue(() => send({ type: "next" }), turn);
      takePlanPart = pulled.take;
      send({ type: "options", options });
      await sendValue(worker, state, turn, (part) => ({ type: "state", part }) satisfies ToPlanner);
      return (await Promise.race([pulled.value, failure])) as Plan;
    },
    close: () => void worker.terminate(),
  };
}
