import { route } from "@/lib/http/route.server";
import { topicScheduleAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { scheduleTopicBody } from "@/lib/topics/schemas";
import { scheduleTopic } from "@/lib/topics/service.server";

// POST /api/topics/schedule: put one of the caller's topics on a pending flex block
export const POST = route({ roles: ROLES.staff, body: scheduleTopicBody, response: topicScheduleAnswer }, ({ db, user, body, now }) =>
  scheduleTopic(db, user, body, now),
);
