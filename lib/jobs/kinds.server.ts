import "server-only";
import type { JobKind } from "./types.server";

/**
 * The kinds of background job, by the name stored in jobs.kind. lib/jobs imports none of them: the
 * domains whose work they do sit above the runner, so every kind is registered at start
 * (lib/job-kinds/every-kind.server.ts, called by instrumentation-node.ts and the tests' setup). A runner only
 * claims kinds it knows, so an older instance never takes a newer instance's job.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging: each kind's name and payload, for enqueueJob's types (lib/job-kinds/every-kind.server.ts)
export interface JobPayloads {}

export type JobKindName = keyof JobPayloads & string;
export type JobPayload<K extends JobKindName> = JobPayloads[K];

const registered = new Map<string, JobKind<unknown>>();

/** Makes the runner know these kinds (again at each call: registering twice is harmless). */
export function registerJobKinds(kinds: { [K in JobKindName]: JobKind<JobPayloads[K]> }): void {
  for (const [name, kind] of Object.entries(kinds)) registered.set(name, kind as JobKind<unknown>);
}

export function jobKind(name: string): JobKind<unknown> | undefined {
  return registered.get(name);
}

/** Every registered kind, by name. */
export const registeredJobKinds = (): [string, JobKind<unknown>][] => [...registered.entries()];

/** The names of the registered kinds: the only ones a runner claims. */
export const jobKindNames = (): string[] => [...registered.keys()];
