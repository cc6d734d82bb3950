import { accepted } from "@/lib/api/answers";
import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { syncDryRunAnswer } from "@/lib/oneroster/answers";
import { rosterSyncBody } from "@/lib/oneroster/rest/schemas";
import { dryRunSync, queueSync } from "@/lib/oneroster/rest/sync.server";

// POST /api/rostering/source/sync: dry_run pulls now and answers the bundle upload's dry run with what was pulled; otherwise 202 with the job
// that pulls and applies, and its entry in the Imports history
export const POST = route({ roles: ROLES.admins, body: rosterSyncBody, response: syncDryRunAnswer }, async ({ db, user, body }) =>
  body.dry_run
    ? dryRunSync(db, { full: body.full })
    : accepted(await queueSync(db, user.user.id, { full: body.full })),
);
