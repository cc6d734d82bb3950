import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { setupChecklist } from "@/lib/setup/checklist.server";
import { tokenAnswer } from "@/lib/auth/answers";
import { setupChecklistAnswer } from "@/lib/setup/answers";
import { setupBody } from "@/lib/setup/schemas";
import { completeSetup } from "@/lib/setup/first-run.server";

// GET /api/setup: the setup checklist (administrators and sysadmins): {items: [{key, title, done, detail,
// href, help}], preview} — each step done or what is missing, and the first school week with a Focus Block
export const GET = route({ roles: ROLES.admins, response: setupChecklistAnswer }, ({ db, now }) => setupChecklist(db, now));

// POST /api/setup: the first-run setup link's form: name the school, create the first administrator, sign in
export const POST = route({ roles: "public", body: setupBody, response: tokenAnswer }, ({ db, body, request, address, now }) =>
  completeSetup(db, body, { address, userAgent: request.headers.get("user-agent") }, now),
);
