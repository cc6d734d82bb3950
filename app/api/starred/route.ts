import { z } from "zod";
import { route } from "@/lib/http/route.server";
import { starredItemAnswer } from "@/lib/starred/answers";
import { ROLES } from "@/lib/auth/roles";
import { listStarred } from "@/lib/starred/service.server";

// GET /api/starred: the caller's starred students, staff, courses and clusters (empty for sysadmins)
export const GET = route({ roles: ROLES.shell, response: z.array(starredItemAnswer) }, ({ db, user }) => listStarred(db, user));
