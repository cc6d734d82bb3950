import { WEEKDAY_NAMES } from "@/lib/core/schedule/reason";

/** What the standing choices' routes answer (lib/standing/service.server.ts); client-safe. */

export type { StandingChoiceView, StandingOutcomeView } from "./answers";

/** "Day 2" or "Tuesday": the pattern as "Every …" names it. */
export const everyWords = (choice: { day_type: string | null; weekday: number | null }) =>
  choice.day_type ?? (choice.weekday !== null ? WEEKDAY_NAMES[choice.weekday]! : "");
