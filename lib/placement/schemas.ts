import { z } from "zod";
import { schoolDate } from "@/lib/api/schemas";

/** GET /api/placement/unscheduled?date=YYYY-MM-DD */
export const unscheduledQuery = z.object({ date: schoolDate });

/** POST /api/placement/run {date}: place the date's unscheduled students with their default teachers now. */
export const placeNowBody = z.object({ date: schoolDate });
