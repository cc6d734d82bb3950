import type { DashboardAnswer } from "@/lib/dashboard/schemas";

export type ParticipationDay = DashboardAnswer["participation"][number];
export type ParticipationKey = Exclude<keyof ParticipationDay, "date">;

/**
 * The day's numbers, in the order the chart stacks and the table lists them: how students came to be
 * where they were (one bar), and whether they were there (a second bar beside it). Colours keep
 * 4.5:1 against white (the legend writes its labels in them).
 */
export const PARTICIPATION_SERIES: {
  key: ParticipationKey;
  label: string;
  stack: "how" | "outcome";
  color: string;
}[] = [
  { key: "chose", label: "Chose", stack: "how", color: "#4f46e5" },
  { key: "placed", label: "Placed by default", stack: "how", color: "#0369a1" },
  { key: "appointment", label: "Appointment", stack: "how", color: "#b45309" },
  { key: "checked_in", label: "Checked in", stack: "outcome", color: "#047857" },
  { key: "absent", label: "Absent", stack: "outcome", color: "#be123c" },
];

/** "12/3" for an axis tick. */
export const shortDate = (iso: string) => {
  const [, m, d] = iso.split("-");
  return `${Number(m)}/${Number(d)}`;
};
