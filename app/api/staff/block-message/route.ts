import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { blockMessageAnswer } from "@/lib/people/answers";
import { sendBlockMessage } from "@/lib/requests/block-message.server";
import { blockMessageBody } from "@/lib/requests/series-schemas";

// POST /api/staff/block-message: message everyone planned with the teacher for a block and date (and its waitlist)
export const POST = route(
  { roles: ROLES.shell, body: blockMessageBody, status: 202, response: blockMessageAnswer },
  ({ db, user, body, now }) => sendBlockMessage(db, user, body, now),
);
