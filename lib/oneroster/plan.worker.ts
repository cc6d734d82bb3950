/**
 * The OneRoster planner's worker thread (started by lib/oneroster/planner.server.ts):
 * reads the bundle as soon as it comes, takes the school's roster and the options, plans, and hands the
 * plan back a part at a time as the server asks. Nothing here touches the database.
 */
import { parentPort } from "node:worker_threads";
import { turnTaker } from "@/lib/event-loop";
import { partsToPull, receiveValue, type ValuePart } from "@/lib/worker-channel";
import { BundleRefused, parseBundle, type Bundle } from "./parse";
import { planBundle, type PlanOptions, type RosterState } from "./plan";
import type { FromPlanner, ToPlanner } from "./planner.server";

const port = parentPort!;
const answer = (message: FromPlanner) => port.postMessage(message);
/**
 * Nothing waits on this thread's loop, but the server's shares the machine's cores with it (and with the
 * database): the work takes a third of a core at most, as it did on the server's loop (lib/event-loop.ts).
 */
const turn = turnTaker();

function failed(error: unknown) {
  if (error instanceof BundleRefused) return answer({ type: "refused", problems: error.problems });
  const { message, stack } = error instanceof Error ? error : new Error(String(error));
  answer({ type: "failed", message, stack });
}

let bundle: Promise<Bundle> | null = null;
let options: PlanOptions = {};
const state = receiveValue();
let planParts: Iterator<ValuePart> | null = null;

async function plan(roster: RosterState) {
  const planned = await planBundle(await bundle!, roster, options, turn);
  planParts = partsToPull(planned);
  sendNextPart();
}

function sendNextPart() {
  const next = planParts?.next();
  if (next && !next.done) answer({ type: "plan", part: next.value });
}

port.on("message", (message: ToPlanner) => {
  if (message.type === "bundle") {
    bundle = parseBundle(message.bytes, turn);
    bundle.then(() => answer({ type: "parsed" }), failed);
  } else if (message.type === "options") {
    options = message.options;
  } else if (message.type === "state") {
    const fed = state(message.part);
    if (fed.done) plan(fed.value as RosterState).catch(failed);
  } else {
    sendNextPart();
  }
});
