import { route } from "@/lib/http/route.server";
import { kioskCheckInAnswer } from "@/lib/kiosk/answers";
import { kioskCheckInBody } from "@/lib/kiosk/schemas";
import { authenticateKiosk, kioskCheckIn } from "@/lib/kiosk/service.server";

// POST /api/kiosk/check-in {student_number}: the only thing a kiosk device token can do. Authenticated
// by `Authorization: Kiosk <token>`, never by a user's session ("public" to the user wrapper).
export const POST = route({ roles: "public", body: kioskCheckInBody, response: kioskCheckInAnswer }, async ({ db, request, body, now }) =>
  kioskCheckIn(db, await authenticateKiosk(db, request.headers.get("authorization"), now), body, now),
);
