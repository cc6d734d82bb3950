import { route } from "@/lib/http/route.server";
import { pushKeyAnswer } from "@/lib/reach/answers";
import { ROLES } from "@/lib/auth/roles";
import { pushPublicKey } from "@/lib/reach/devices.server";

// GET /api/push/key: the server's VAPID public key, to subscribe a device to push with
export const GET = route({ roles: ROLES.anyone, response: pushKeyAnswer }, ({ db }) => pushPublicKey(db));
