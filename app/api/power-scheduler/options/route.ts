import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { powerSchedulerOptionsAnswer } from "@/lib/scheduler/answers";
import { powerSchedulerOptions } from "@/lib/scheduler/options.server";

// GET /api/power-scheduler/options: the students, clusters, staff and flex blocks the stepper offers
export const GET = route({ roles: ROLES.admins, response: powerSchedulerOptionsAnswer }, ({ db, now }) => powerSchedulerOptions(db, now));
