import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { powerScheduleUndoAnswer } from "@/lib/scheduler/answers";
import { batchParams } from "@/lib/scheduler/schemas";
import { undoPowerSchedule } from "@/lib/scheduler/service.server";

// POST /api/power-scheduler/{id}/undo: removes a batch's rows while its blocks are still pending
export const POST = route({ roles: ROLES.admins, params: batchParams, response: powerScheduleUndoAnswer }, ({ db, user, params, now }) =>
  undoPowerSchedule(db, user, params.id, now),
);
