import { newestUpload } from "@/db/queries/uploads";
import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/route";

// GET /api/settings/logo: the school logo (public: the login screen shows it)
export const GET = route({ roles: "public" }, async ({ db }) => {
  const logo = await newestUpload(db, "logo");
  if (!logo) throw notFound("No logo has been uploaded.");
  return new Response(new Uint8Array(logo.data), {
    headers: {
      "content-type": logo.content_type,
      "cache-control": "public, max-age=300",
      "x-content-type-options": "nosniff",
    },
  });
});
