import { route } from "@/lib/http/route.server";
import { appointmentAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { cancelAppointment } from "@/lib/schedule/appointments.server";
import { idParams } from "@/lib/schedule/schemas";

// DELETE /api/appointments/{id}: cancel an appointment (its teacher, an administrator or a sysadmin; pending block)
export const DELETE = route({ roles: ROLES.shell, params: idParams, response: appointmentAnswer }, ({ db, user, params, now }) =>
  cancelAppointment(db, user, params.id, now),
);
