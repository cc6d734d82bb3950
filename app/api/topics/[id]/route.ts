import { route } from "@/lib/http/route.server";
import { ownTopicAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { idParams } from "@/lib/schedule/schemas";
import { updateTopicBody } from "@/lib/topics/schemas";
import { deleteTopic, updateTopic } from "@/lib/topics/service.server";

// PATCH /api/topics/{id}: change one of the caller's topics (memo, colour, who may join, seat cap)
export const PATCH = route(
  { roles: ROLES.staff, params: idParams, body: updateTopicBody, response: ownTopicAnswer },
  ({ db, user, params, body, now }) => updateTopic(db, user, params.id, body, now),
);

// DELETE /api/topics/{id}: soft-delete one of the caller's topics
export const DELETE = route({ roles: ROLES.staff, params: idParams, response: ownTopicAnswer }, ({ db, user, params, now }) =>
  deleteTopic(db, user, params.id, now),
);
