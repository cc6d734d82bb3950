import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { cancelAppointment } from "@/lib/schedule/appointments";
import { idParams } from "@/lib/schedule/schemas";

// DELETE /api/appointments/{id}: cancel an appointment (its teacher or an administrator; pending block)
export const DELETE = route({ roles: ROLES.staff, params: idParams }, ({ db, user, params, now }) =>
  cancelAppointment(db, user, params.id, now),
);
