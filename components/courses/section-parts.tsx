import type { Section } from "@/lib/sections/present";

/** "Block A (Day 1), Block B": where a section meets; "No meetings yet" without any. */
export function meetingsLabel(meetings: Section["meetings"]): string {
  if (meetings.length === 0) return "No meetings yet";
  return meetings.map((m) => (m.day_type ? `${m.label} (${m.day_type})` : m.label)).join(", ");
}

/** "Ms. Lovelace, Ada and Mr. Turing, Alan"; "No teacher" without any. */
export function teachersLabel(teachers: Section["teachers"]): string {
  if (teachers.length === 0) return "No teacher";
  return teachers.map((t) => t.name).join(" and ");
}
