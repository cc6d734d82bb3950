import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { testMessageAnswer } from "@/lib/reach/answers";
import { sendTestMessage } from "@/lib/reach/mail-admin.server";

// POST /api/mail/test: send a test email to the signed-in administrator, at once
export const POST = route({ roles: ROLES.admins, response: testMessageAnswer }, ({ db, user, now }) => sendTestMessage(db, user, now));
