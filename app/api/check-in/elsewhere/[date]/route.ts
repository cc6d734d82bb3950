import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { elsewhereListAnswer } from "@/lib/checkin/answers";
import { checkInStatusParams } from "@/lib/checkin/schemas";
import { elsewhereList } from "@/lib/checkin/elsewhere-service.server";

// GET /api/check-in/elsewhere/{date}: students the caller scanned whom someone else had checked in.
export const GET = route({ roles: ROLES.shell, params: checkInStatusParams, response: elsewhereListAnswer }, ({ db, user, params, now }) =>
  elsewhereList(db, user, params.date, now),
);
