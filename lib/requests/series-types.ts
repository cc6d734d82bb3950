import type { z } from "zod";
import type { appointmentSeriesAnswer, seriesDateAnswer, seriesSkipAnswer } from "./series-answers";

/** The JSON of a teacher's recurring request (GET/POST/PATCH/DELETE /api/appointments/series), inferred from its schemas. Client-safe. */

export type SeriesSkip = z.infer<typeof seriesSkipAnswer>;
export type SeriesDate = z.infer<typeof seriesDateAnswer>;
export type AppointmentSeries = z.infer<typeof appointmentSeriesAnswer>;

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export const patternWords = (pattern: { day_type: string | null; weekday: number | null }) =>
  pattern.day_type !== null ? `every ${pattern.day_type}` : `every ${WEEKDAYS[pattern.weekday ?? 0]}`;
