import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { feedbackAnswer, feedbackListAnswer } from "@/lib/feedback/answers";
import { feedbackBody } from "@/lib/feedback/schemas";
import { feedbackList, sendFeedback } from "@/lib/feedback/service.server";

// POST /api/feedback: send feedback about Flexblock (the reply address is the account's)
export const POST = route(
  { roles: ROLES.shell, body: feedbackBody, status: 201, response: feedbackAnswer },
  ({ db, user, body, now }) => sendFeedback(db, user, body, now),
);

// GET /api/feedback: the feedback people sent, newest first, administrators only
export const GET = route({ roles: ROLES.admins, response: feedbackListAnswer }, ({ db }) => feedbackList(db));
