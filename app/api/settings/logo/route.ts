import { z } from "zod";
import { UploadedFile } from "@/lib/api/multipart.server";
import { route } from "@/lib/http/route.server";
import { idOf } from "@/lib/api/schemas";
import { ROLES } from "@/lib/auth/roles";
import { settingsAnswer } from "@/lib/settings/answers";
import { MAX_LOGO_BYTES } from "@/lib/settings/logo";
import { logoFile, uploadLogo } from "@/lib/settings/service.server";

/** ?v=<upload id> names one logo (school_logo points at it); without it, or when v cannot be an id, the newest. */
const logoQuery = z.object({ v: idOf("logo").optional().catch(undefined) });

// GET /api/settings/logo: the school logo (public: the login screen shows it)
export const GET = route({ roles: "public", query: logoQuery }, ({ db, query }) => logoFile(db, query.v ?? null));

/** Room for the multipart framing around a 1 MB file; anything bigger is refused unread. */
const MAX_LOGO_REQUEST = MAX_LOGO_BYTES + 64 * 1024;

// POST /api/settings/logo: upload a new school logo (multipart `file`), administrators only
export const POST = route(
  {
    roles: ROLES.admins,
    status: 201,
    response: settingsAnswer,
    multipart: {
      maxBytes: MAX_LOGO_REQUEST,
      tooLarge: "The logo must be at most 1 MB.",
      notMultipart: "Send the logo as multipart/form-data with a `file` field.",
    },
  },
  async ({ db, user, form, now }) => {
    const file = form.get("file");
    return uploadLogo(db, user, file instanceof UploadedFile ? file : null, now);
  },
);
