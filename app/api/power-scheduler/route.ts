import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { powerScheduleBatchListAnswer, powerScheduleResultAnswer } from "@/lib/scheduler/answers";
import { powerScheduleBody } from "@/lib/scheduler/schemas";
import { listPowerSchedules, runPowerSchedule } from "@/lib/scheduler/service.server";

// POST /api/power-scheduler: appointments or amendments for many students over one date or a range
export const POST = route(
  { roles: ROLES.admins, body: powerScheduleBody, status: 201, response: powerScheduleResultAnswer },
  ({ db, user, body, now }) => runPowerSchedule(db, user, body, now),
);

// GET /api/power-scheduler: the batches, newest first, with whether each can still be undone
export const GET = route({ roles: ROLES.admins, response: powerScheduleBatchListAnswer }, ({ db, now }) => listPowerSchedules(db, now));
