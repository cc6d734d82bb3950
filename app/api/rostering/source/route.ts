import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { rosterSourceAnswer } from "@/lib/oneroster/answers";
import { rosterSourceBody } from "@/lib/oneroster/rest/schemas";
import { removeSource, rosterSource, saveSource, sourceMissing } from "@/lib/oneroster/rest/source.server";

// GET /api/rostering/source: the roster source (the SIS's OneRoster REST endpoint) without its secret, its newest run and its next; 404 when none
export const GET = route({ roles: ROLES.admins, response: rosterSourceAnswer }, async ({ db, now }) => (await rosterSource(db, now)) ?? missing());

// PUT /api/rostering/source: set up or change the roster source; the client secret is stored encrypted and never answered
export const PUT = route({ roles: ROLES.admins, body: rosterSourceBody, response: rosterSourceAnswer }, ({ db, user, body, now }) => saveSource(db, user.user.id, body, now));

// DELETE /api/rostering/source: 204; 404 when none
export const DELETE = route({ roles: ROLES.admins, status: 204 }, async ({ db }) =>
  (await removeSource(db)) ? new Response(null, { status: 204 }) : missing(),
);

/** The 404 with its sentence also under `error` (the contract's name for it) beside the usual `message`. */
function missing() {
  const error = sourceMissing();
  return Response.json({ error: error.message, message: error.message, code: error.code }, { status: 404 });
}
