import { route } from "@/lib/api/route";
import { setupBody } from "@/lib/setup/schemas";
import { completeSetup } from "@/lib/setup/first-run";

// POST /api/setup: the first-run setup link's form: name the school, create the first administrator, sign in
export const POST = route({ roles: "public", body: setupBody }, ({ db, body, request, address, now }) =>
  completeSetup(db, body, { address, userAgent: request.headers.get("user-agent") }, now),
);
