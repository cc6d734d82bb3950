import { CalendarClock } from "lucide-react";
import type { CoursePage } from "@/lib/courses/present";
import { Panel } from "./page-parts";

/** "When it meets": the course's blocks by weekday, with their times. */
export function CourseMeetings({ blocks }: { blocks: CoursePage["blocks"] }) {
  return (
    <Panel title="When it meets" icon={<CalendarClock />}>
      {blocks.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing scheduled</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {blocks.map((meeting) => (
            <li
              key={`${meeting.block_id}-${meeting.weekday}`}
              className="flex items-baseline justify-between gap-3 py-2 text-sm"
            >
              <span className="font-medium text-slate-800">{meeting.day}</span>
              <span className="text-right text-slate-600">
                {meeting.label}
                <span className="block tabular-nums">
                  {meeting.start} – {meeting.end}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
