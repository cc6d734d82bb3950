import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { rosterSourceTestAnswer } from "@/lib/oneroster/answers";
import { rosterTestBody } from "@/lib/oneroster/rest/schemas";
import { testRosterSource } from "@/lib/oneroster/rest/sync.server";

// POST /api/rostering/source/test: whether the token endpoint and a page of orgs answer, in words (the saved source, or the one in the body before saving it)
export const POST = route({ roles: ROLES.admins, body: rosterTestBody, response: rosterSourceTestAnswer }, ({ db, body }) => testRosterSource(db, body));
