import { route } from "@/lib/http/route.server";
import { ROUTE_MANIFEST } from "@/app/api/route-manifest";
import { API_SCOPE_NAMES } from "@/lib/api-tokens/scopes";
import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/openapi/document";

let document: OpenApiDocument | undefined;

// GET /api/openapi.json: this API's OpenAPI 3.1 document, built from the route declarations (public: it holds no data; any API token may read it too)
export const GET = route({ roles: "public", tokenScopes: API_SCOPE_NAMES }, () => {
  document ??= buildOpenApiDocument(ROUTE_MANIFEST, [
    {
      path: "/api/openapi.json",
      file: "app/api/openapi.json/route.ts",
      methods: ["GET"],
      summaries: { GET: "this API's OpenAPI 3.1 document, built from the route declarations" },
      module: { GET },
    },
  ]);
  return Response.json(document, { headers: { "cache-control": "public, max-age=300" } });
});
