import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { powerSchedulePreviewAnswer } from "@/lib/scheduler/answers";
import { powerSchedulePreviewBody } from "@/lib/scheduler/schemas";
import { previewPowerSchedule } from "@/lib/scheduler/service.server";

// POST /api/power-scheduler/preview: what the same body would do now, changing nothing
export const POST = route({ roles: ROLES.admins, body: powerSchedulePreviewBody, response: powerSchedulePreviewAnswer }, ({ db, body, now }) =>
  previewPowerSchedule(db, body, now),
);
