import { z } from "zod";
import { newestUpload, uploadById } from "@/db/queries/uploads";
import { ApiError, badRequest, notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { MAX_LOGO_BYTES, uploadLogo } from "@/lib/settings/service";

/** ?v=<upload id> names one logo (school_logo points at it); without it, the newest. */
const logoQuery = z.object({ v: z.coerce.number().int().positive().optional().catch(undefined) });

// GET /api/settings/logo: the school logo (public: the login screen shows it)
export const GET = route({ roles: "public", query: logoQuery }, async ({ db, query }) => {
  const logo = query.v ? await uploadById(db, "logo", query.v) : await newestUpload(db, "logo");
  if (!logo) throw notFound("No logo has been uploaded.");
  return new Response(new Uint8Array(logo.data), {
    headers: {
      "content-type": logo.content_type,
      // A versioned address never changes what it serves.
      "cache-control": query.v ? "public, max-age=31536000, immutable" : "public, max-age=300",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
    },
  });
});

/** Room for the multipart framing around a 1 MB file; anything bigger is refused unread. */
const MAX_LOGO_REQUEST = MAX_LOGO_BYTES + 64 * 1024;

// POST /api/settings/logo: upload a new school logo (multipart `file`), administrators only
export const POST = route({ roles: ROLES.admins, status: 201 }, async ({ db, user, request, now }) => {
  if (Number(request.headers.get("content-length") ?? "0") > MAX_LOGO_REQUEST * 4) {
    throw new ApiError(413, "too_large", "The logo must be at most 1 MB.");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badRequest("Send the logo as multipart/form-data with a `file` field.");
  }
  const file = form.get("file");
  return uploadLogo(db, user, file instanceof File ? file : null, now);
});
