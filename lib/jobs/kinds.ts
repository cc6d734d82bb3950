import "server-only";
import { importJob } from "@/lib/imports/job";
import { onerosterJob } from "@/lib/oneroster/job";
import { placementJob } from "@/lib/placement/job";
import { pruneJob } from "./prune";
import type { JobKind } from "./types";

/**
 * Every kind of background job, by the name stored in jobs.kind. Add yours here (see lib/jobs/types.ts).
 * A runner only claims kinds it knows, so an older instance never takes a newer instance's job.
 */
export const JOB_KINDS = {
  import: importJob,
  oneroster: onerosterJob,
  placement: placementJob,
  prune: pruneJob,
} satisfies Record<string, JobKind<never>>;

export type JobKindName = keyof typeof JOB_KINDS;
export type JobPayload<K extends JobKindName> = (typeof JOB_KINDS)[K] extends JobKind<infer P> ? P : never;

export function jobKind(name: string): JobKind<unknown> | undefined {
  return (JOB_KINDS as Record<string, JobKind<unknown>>)[name];
}
