import { z } from "zod";
import { route } from "@/lib/http/route.server";
import { studentProfileAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { studentProfile } from "@/lib/people/profiles.server";
import { idOf } from "@/lib/schedule/schemas";

const params = z.object({ id: z.union([z.literal("self"), idOf("student id")]) });

// GET /api/students/profile/{id|self}: a student's profile (students: only their own)
export const GET = route({ roles: ROLES.anyone, params, response: studentProfileAnswer }, ({ db, user, params }) =>
  studentProfile(db, user, params.id),
);
