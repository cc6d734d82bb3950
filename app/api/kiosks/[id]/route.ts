import { route } from "@/lib/http/route.server";
import { revokedKioskAnswer } from "@/lib/kiosk/answers";
import { ROLES } from "@/lib/auth/roles";
import { kioskParams } from "@/lib/kiosk/schemas";
import { revokeKioskById } from "@/lib/kiosk/service.server";

// DELETE /api/kiosks/{id}: revoke a kiosk; its device token stops working at once.
export const DELETE = route({ roles: ROLES.admins, params: kioskParams, response: revokedKioskAnswer }, ({ db, user, params, now }) =>
  revokeKioskById(db, user, params.id, now),
);
