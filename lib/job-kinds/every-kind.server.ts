import "server-only";
import { importJob } from "@/lib/imports/job.server";
import { guardianDigestJob } from "@/lib/guardians/digest-job.server";
import { closedDayNoticesJob } from "@/lib/schedule/closed-day-notices.server";
import { registerJobKinds } from "@/lib/jobs/kinds.server";
import { pruneJob } from "@/lib/jobs/prune.server";
import type { JobKind } from "@/lib/jobs/types.server";
import { onerosterJob } from "@/lib/oneroster/job.server";
import { rosterPullJob } from "@/lib/oneroster/rest/job.server";
import { placementJob } from "@/lib/placement/job.server";
import { remindersJob } from "@/lib/placement/reminders-job.server";
import { outboxJob } from "@/lib/reach/sender.server";
import { waitlistJob } from "@/lib/schedule/waitlist-job.server";
import { standingChoicesJob } from "@/lib/standing/job.server";

type PayloadOf<K> = K extends JobKind<infer P> ? P : never;

/** Every kind of background job by the name stored in jobs.kind, with the payload enqueueJob takes. */
declare module "@/lib/jobs/kinds.server" {
  interface JobPayloads {
    "closed-day-notices": PayloadOf<typeof closedDayNoticesJob>;
    "guardian-digest": PayloadOf<typeof guardianDigestJob>;
    import: PayloadOf<typeof importJob>;
    oneroster: PayloadOf<typeof onerosterJob>;
    oneroster_pull: PayloadOf<typeof rosterPullJob>;
    outbox: PayloadOf<typeof outboxJob>;
    placement: PayloadOf<typeof placementJob>;
    prune: PayloadOf<typeof pruneJob>;
    reminders: PayloadOf<typeof remindersJob>;
    waitlist: PayloadOf<typeof waitlistJob>;
    "standing-choices": PayloadOf<typeof standingChoicesJob>;
  }
}

/**
 * Tells the job runner (lib/jobs) every kind of job there is. Called once at server start
 * (instrumentation-node.ts) and by the tests' setup, before a runner claims anything. A new kind:
 * write it beside its domain (see lib/jobs/types.server.ts), then add it here and to JobPayloads above.
 */
export function registerEveryJobKind(): void {
  registerJobKinds({
    "closed-day-notices": closedDayNoticesJob,
    "guardian-digest": guardianDigestJob,
    import: importJob,
    oneroster: onerosterJob,
    oneroster_pull: rosterPullJob,
    outbox: outboxJob,
    placement: placementJob,
    prune: pruneJob,
    reminders: remindersJob,
    waitlist: waitlistJob,
    "standing-choices": standingChoicesJob,
  });
}
