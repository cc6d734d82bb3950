import { route } from "@/lib/http/route.server";
import { kioskInfoAnswer } from "@/lib/kiosk/answers";
import { authenticateKiosk, kioskInfo } from "@/lib/kiosk/service.server";

// GET /api/kiosk: the kiosk device's own name, teacher and today's block. Not a user route: it takes
// only `Authorization: Kiosk <token>` (so "public" to the user wrapper, which a user's token cannot pass).
export const GET = route({ roles: "public", response: kioskInfoAnswer }, async ({ db, request, now }) =>
  kioskInfo(db, await authenticateKiosk(db, request.headers.get("authorization"), now), now),
);
