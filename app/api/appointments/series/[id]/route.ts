import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { appointmentSeriesAnswer, cancelledSeriesAnswer } from "@/lib/requests/series-answers";
import { cancelAppointmentSeries, editAppointmentSeries, getAppointmentSeries } from "@/lib/requests/series.server";
import { updateSeriesBody } from "@/lib/requests/series-schemas";
import { idParams } from "@/lib/schedule/schemas";

// GET /api/appointments/series/{id}: one recurring request (its teacher or an administrator)
export const GET = route({ roles: ROLES.shell, params: idParams, response: appointmentSeriesAnswer }, ({ db, user, params }) =>
  getAppointmentSeries(db, user, params.id),
);

// PATCH /api/appointments/series/{id}: change its memo, lock or end date (shorten cancels, extend books)
export const PATCH = route(
  { roles: ROLES.shell, params: idParams, body: updateSeriesBody, response: appointmentSeriesAnswer },
  ({ db, user, params, body, now }) => editAppointmentSeries(db, user, params.id, body, now),
);

// DELETE /api/appointments/series/{id}: cancel every pending occurrence as one
export const DELETE = route({ roles: ROLES.shell, params: idParams, response: cancelledSeriesAnswer }, ({ db, user, params, now }) =>
  cancelAppointmentSeries(db, user, params.id, now),
);
