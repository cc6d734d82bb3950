import { route } from "@/lib/http/route.server";
import { appointmentAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { createAppointment } from "@/lib/schedule/appointments.server";
import { createAppointmentBody } from "@/lib/schedule/schemas";

// POST /api/appointments/create: the caller books a student for a pending block
export const POST = route(
  { roles: ROLES.staff, body: createAppointmentBody, status: 201, response: appointmentAnswer },
  ({ db, user, body, now }) => createAppointment(db, user, body, now),
);
