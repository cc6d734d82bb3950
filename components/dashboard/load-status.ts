import type { DashboardAnswer } from "@/lib/dashboard/schemas";

export type TeacherLoad = DashboardAnswer["teacher_load"][number];

/**
 * How a teacher's blocks went over the range: full every time, empty every time, sometimes full, or
 * none of these. The first two are what an administrator acts on; a teacher with no block has no status.
 */
export function loadStatus(row: TeacherLoad): "always_full" | "always_empty" | "sometimes_full" | null {
  if (row.blocks === 0) return null;
  if (row.full_blocks >= row.blocks) return "always_full";
  if (row.empty_blocks >= row.blocks) return "always_empty";
  if (row.full_blocks > 0) return "sometimes_full";
  return null;
}

export const LOAD_STATUS_LABELS = {
  always_full: "Always full",
  always_empty: "Always empty",
  sometimes_full: "Sometimes full",
} as const;

/** The share of the range's seats planned (capacity is per block), or null with no block. */
export const seatShare = (row: TeacherLoad) =>
  row.blocks > 0 && row.capacity > 0 ? row.planned / (row.capacity * row.blocks) : null;

/** "2.9 of 30 (10%)": students planned in an average block, against the capacity of one. */
export function averageLoad(row: TeacherLoad): string {
  const share = seatShare(row);
  if (share === null) return "—";
  const average = Math.round((row.planned / row.blocks) * 10) / 10;
  return `${average} of ${row.capacity} (${Math.round(share * 100)}%)`;
}
