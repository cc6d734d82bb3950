import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { jobAnswer } from "@/lib/jobs/answers";
import { jobParams } from "@/lib/imports/schemas";
import { jobForCaller } from "@/lib/jobs/queue.server";

// GET /api/jobs/{id}: a background job's status and progress (done of total), for whoever started it; an API token with roster:write polls the roster import it pushed
export const GET = route(
  { roles: ROLES.shell, tokenScopes: ["roster:write"], params: jobParams, response: jobAnswer },
  ({ db, user, apiToken, params }) => jobForCaller(db, user, params.id, apiToken),
);
