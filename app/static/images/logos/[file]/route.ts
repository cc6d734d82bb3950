import { z } from "zod";
import { notFound } from "@/lib/api/errors.server";
import { route } from "@/lib/http/route.server";
import { readLogoValue } from "@/lib/settings/logo";
import { logoFile } from "@/lib/settings/service.server";

/** The file name the original client puts after /static/images/logos/ (school_logo.value). */
const params = z.object({ file: z.string().max(40) });

/**
 * GET /static/images/logos/{file}: the school logo where the spec's original client looks for it
 * (`logo-12.png`: upload 12; `logo.png`: the newest). Public, as the login screen shows it.
 */
export const GET = route({ roles: "public", params }, async ({ db, params }) => {
  const read = readLogoValue(params.file);
  if (read === undefined || read === "none") throw notFound("No logo by that name.");
  return logoFile(db, read.id);
});
