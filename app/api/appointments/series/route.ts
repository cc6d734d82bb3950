import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { appointmentSeriesAnswer, appointmentSeriesListAnswer } from "@/lib/requests/series-answers";
import { createSeries, listAppointmentSeries } from "@/lib/requests/series.server";
import { createSeriesBody } from "@/lib/requests/series-schemas";

// GET /api/appointments/series: the caller's recurring requests (an administrator's: everyone's)
export const GET = route({ roles: ROLES.shell, response: appointmentSeriesListAnswer }, ({ db, user }) => listAppointmentSeries(db, user));

// POST /api/appointments/series: book a recurring request (a day type or weekday, a date range, one flex block)
export const POST = route(
  { roles: ROLES.staff, body: createSeriesBody, status: 201, response: appointmentSeriesAnswer },
  ({ db, user, body, now }) => createSeries(db, user, body, now),
);
