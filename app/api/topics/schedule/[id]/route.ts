import { route } from "@/lib/http/route.server";
import { topicScheduleAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { idParams } from "@/lib/schedule/schemas";
import { unscheduleTopic } from "@/lib/topics/service.server";

// DELETE /api/topics/schedule/{id}: take the caller's topic off a pending flex block
export const DELETE = route({ roles: ROLES.staff, params: idParams, response: topicScheduleAnswer }, ({ db, user, params, now }) =>
  unscheduleTopic(db, user, params.id, now),
);
