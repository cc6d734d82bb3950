import { z } from "zod";
import { schoolDate } from "@/lib/api/schemas";

/** GET /api/placement/unscheduled?date=YYYY-MM-DD */
export const unscheduledQuery = z.object({ date: schoolDate });
