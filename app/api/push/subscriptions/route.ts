import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { pushSubscribedAnswer, pushUnsubscribedAnswer } from "@/lib/reach/answers";
import { subscribeDevice, unsubscribeDevice } from "@/lib/reach/devices.server";
import { pushEndpointBody, pushSubscriptionBody } from "@/lib/reach/preferences";

// POST /api/push/subscriptions: turn push on for this device (the signed-in person's)
export const POST = route({ roles: ROLES.anyone, body: pushSubscriptionBody, status: 201, response: pushSubscribedAnswer }, ({ db, user, body, request }) =>
  subscribeDevice(db, user, body, request.headers.get("user-agent") ?? ""),
);

// DELETE /api/push/subscriptions: turn push off for this device (only the caller's own); sign-out calls it,
// from the expired-password screen too
export const DELETE = route({ roles: ROLES.anyone, allowExpiredPassword: true, body: pushEndpointBody, response: pushUnsubscribedAnswer }, ({ db, user, body }) =>
  unsubscribeDevice(db, user, body.endpoint),
);
