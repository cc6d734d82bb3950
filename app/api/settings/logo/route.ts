import { z } from "zod";
import { ApiError, badRequest } from "@/lib/api/errors.server";
import { tooLarge } from "@/lib/api/body";
import { readMultipart, UploadedFile, type UploadForm } from "@/lib/api/multipart.server";
import { route } from "@/lib/http/route.server";
import { idOf } from "@/lib/api/schemas";
import { ROLES } from "@/lib/auth/roles";
import { MAX_LOGO_BYTES } from "@/lib/settings/logo";
import { logoResponse, uploadLogo } from "@/lib/settings/service.server";

/** ?v=<upload id> names one logo (school_logo points at it); without it, or when v cannot be an id, the newest. */
const logoQuery = z.object({ v: idOf("logo").optional().catch(undefined) });

// GET /api/settings/logo: the school logo (public: the login screen shows it)
export const GET = route({ roles: "public", query: logoQuery }, ({ db, query }) => logoResponse(db, query.v ?? null));

/** Room for the multipart framing around a 1 MB file; anything bigger is refused unread. */
const MAX_LOGO_REQUEST = MAX_LOGO_BYTES + 64 * 1024;

// POST /api/settings/logo: upload a new school logo (multipart `file`), administrators only
export const POST = route({ roles: ROLES.admins, status: 201 }, async ({ db, user, request, now }) => {
  let form: UploadForm;
  try {
    form = await readMultipart(request, MAX_LOGO_REQUEST);
  } catch (error) {
    if (error instanceof ApiError && error.status === 413) throw tooLarge("The logo must be at most 1 MB.");
    if (error instanceof ApiError && error.status === 415) throw badRequest("Send the logo as multipart/form-data with a `file` field.");
    throw error;
  }
  const file = form.get("file");
  return uploadLogo(db, user, file instanceof UploadedFile ? file : null, now);
});
