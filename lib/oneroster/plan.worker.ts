/**
 * The OneRoster planner's worker thread (started by lib/oneroster/planner.server.ts): reads the bundle
 * (the "parse" task) and keeps its rows, then plans them against the school's roster the server sends
 * ("plan"), the plan going back a part at a time as the server asks. Nothing here touches the database.
 */
import { parentPort } from "node:worker_threads";
import { turnTaker } from "@/lib/event-loop";
import { serveTasks } from "@/lib/worker-channel";
import { BundleRefused, parseBundle, type Bundle } from "./parse";
import { planBundle } from "./plan";
import type { ParseRequest, PlanRequest } from "./planner.server";

/**
 * Nothing waits on this thread's loop, but the server's shares the machine's cores with it (and with the
 * database): the work takes a third of a core at most, as it did on the server's loop (lib/event-loop.ts).
 */
const turn = turnTaker();

/** The bundle's rows once read (or its refusal, which a plan asked for after all answers too). */
let bundle: Promise<Bundle> | null = null;

serveTasks(
  parentPort!,
  {
    async parse({ bytes }: ParseRequest) {
      bundle = parseBundle(bytes, turn);
      await bundle;
      return null;
    },
    async plan({ state, options }: PlanRequest) {
      if (!bundle) throw new Error("The planner was asked for a plan before it was sent the bundle.");
      return planBundle(await bundle, state, options, turn);
    },
  },
  (error) => (error instanceof BundleRefused ? error.problems : undefined),
);
