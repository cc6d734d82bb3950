import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { jobParams } from "@/lib/imports/schemas";
import { jobForCaller } from "@/lib/jobs/queue";

// GET /api/jobs/{id}: a background job's status and progress (done of total), for whoever started it
export const GET = route({ roles: ROLES.shell, params: jobParams }, ({ db, user, params }) =>
  jobForCaller(db, user, params.id),
);
