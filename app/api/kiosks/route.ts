import { route } from "@/lib/http/route.server";
import { createdKioskAnswer, kioskListAnswer } from "@/lib/kiosk/answers";
import { ROLES } from "@/lib/auth/roles";
import { kioskCreateBody } from "@/lib/kiosk/schemas";
import { createKiosk, kioskList } from "@/lib/kiosk/service.server";

// GET /api/kiosks: the registered kiosks; POST: register a device for a teacher (token shown once).
export const GET = route({ roles: ROLES.admins, response: kioskListAnswer }, ({ db }) => kioskList(db));

export const POST = route({ roles: ROLES.admins, body: kioskCreateBody, status: 201, response: createdKioskAnswer }, ({ db, user, body, now }) =>
  createKiosk(db, user, body, now),
);
