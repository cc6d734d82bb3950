import { WEEKDAY_NAMES } from "@/lib/core/schedule/reason";
import type { SchoolDate } from "@/lib/core/time";

/** What the standing choices' routes answer (lib/standing/service.server.ts); client-safe. */

export interface StandingOutcomeView {
  date: SchoolDate;
  block_id: number;
  outcome: string;
  detail: string;
}

export interface StandingChoiceView {
  id: number;
  staff: { id: number; name: string };
  day_type: string | null;
  weekday: number | null;
  /** "Day 2" or "Tuesdays". */
  pattern: string;
  from: SchoolDate;
  until: SchoolDate;
  created_at: string;
}

/** "Day 2" or "Tuesday": the pattern as "Every …" names it. */
export const everyWords = (choice: { day_type: string | null; weekday: number | null }) =>
  choice.day_type ?? (choice.weekday !== null ? WEEKDAY_NAMES[choice.weekday]! : "");
