import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { rememberedMappingAnswer } from "@/lib/imports/answers";
import { rememberedMapping } from "@/lib/imports/mappings.server";
import { mappingQuery } from "@/lib/imports/schemas";

// GET /api/imports/mappings: the CSV wizard's remembered mapping for a header row (kind, headers_key); mapping null when none
export const GET = route({ roles: ROLES.admins, query: mappingQuery, response: rememberedMappingAnswer }, ({ db, query }) =>
  rememberedMapping(db, query.kind, query.headers_key),
);
