import { z } from "zod";
import { route } from "@/lib/http/route.server";
import { ownTopicAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { createTopicBody } from "@/lib/topics/schemas";
import { createTopic, listTopics } from "@/lib/topics/service.server";

// GET /api/topics: the caller's topics (not deleted); a sysadmin has none (an empty list, never 403)
export const GET = route({ roles: ROLES.shell, response: z.array(ownTopicAnswer) }, ({ db, user }) => listTopics(db, user));

// POST /api/topics: create a topic owned by the caller
export const POST = route({ roles: ROLES.staff, body: createTopicBody, status: 201, response: ownTopicAnswer }, ({ db, user, body }) =>
  createTopic(db, user, body),
);
