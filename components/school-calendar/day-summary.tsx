import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import type { SchoolDay } from "./api-types";
import { longDateLabel } from "./month";

/** Shown for a date the school does not meet because an event says so. */
export const NO_SCHOOL = "No school";

/** Whether an event keeps the school closed that day. */
export const closedBy = (day: SchoolDay | undefined) => day?.events.some((event) => event.no_blocks) ?? false;

/** What a date is, in words, for its button's name: "Tuesday, December 8, 2026. Day 2. Late start. Pro-D Day, no school." */
export function dayDescription(date: string, day: SchoolDay | undefined): string {
  const parts = [longDateLabel(date)];
  if (day?.in_session && day.day_type) parts.push(day.day_type);
  else if (closedBy(day)) parts.push(NO_SCHOOL);
  else parts.push("Not in session");
  if (day?.in_session && day.bell_schedule) parts.push(`${day.bell_schedule} bell schedule`);
  for (const event of day?.events ?? [])
    parts.push(event.no_blocks ? `${event.name}, no school` : event.name);
  return `${parts.join(". ")}.`;
}

/** A date's day type, bell schedule and events, as the month grid and the phone list show them. */
export function DayDetails({ day, compact }: { day: SchoolDay | undefined; compact?: boolean }) {
  if (!day) return null;
  const closed = closedBy(day);
  return (
    <span className="flex min-w-0 flex-col items-start gap-1">
      {day.in_session && day.day_type && (
        <span className="text-sm font-semibold text-slate-900">{day.day_type}</span>
      )}
      {!day.in_session && closed && <Badge tone="danger">{NO_SCHOOL}</Badge>}
      {day.in_session && day.bell_schedule && <Badge tone="warning">{day.bell_schedule}</Badge>}
      {day.events.map((event) => (
        <span
          key={event.id}
          className={cn(
            "max-w-full text-xs",
            compact ? "truncate" : "break-words",
            event.no_blocks ? "font-medium text-red-800" : "text-indigo-800",
          )}
        >
          {event.name}
        </span>
      ))}
    </span>
  );
}
