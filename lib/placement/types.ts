import type { z } from "zod";
import type { placementRunAnswer, placementToDoAnswer, unscheduledAnswer, unscheduledStudentAnswer } from "./answers";

/** Answer shapes of the placement API, for screens (lib/placement/service.server.ts builds them), inferred from lib/placement/answers.ts. */
export type PlacementToDo = z.infer<typeof placementToDoAnswer>;
export type UnscheduledStudent = z.infer<typeof unscheduledStudentAnswer>;
export type PlacementRunView = z.infer<typeof placementRunAnswer>;
/** GET /api/placement/unscheduled */
export type UnscheduledResponse = z.infer<typeof unscheduledAnswer>;
