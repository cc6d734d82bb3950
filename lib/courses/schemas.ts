import { z } from "zod";
import { text } from "@/lib/api/schemas";

/** /api/courses/{short_name}: the course's short name as it appears in links ("SCI10"). */
export const courseParams = z.object({ short_name: text({ label: "The short name", max: 64, min: 1 }) });
