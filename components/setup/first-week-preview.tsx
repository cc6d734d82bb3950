"use client";

import { CalendarX } from "lucide-react";
import Link from "next/link";
import { focusRing } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { cn } from "@/lib/cn";
import type { PreviewDay, SetupChecklist } from "@/lib/setup/checklist.server";
import { WEEKDAY_NAMES } from "@/lib/calendar/generate";
import { clockLabel, dayOfWeek } from "@/lib/core/time";

export const PREVIEW_HEADING = "What a student and a teacher will see on the first day";

/**
 * The setup page's preview: the first school day from today with a Focus Block and the rest of that
 * week, each day with its blocks and times, and what students and teachers do in the Focus Block.
 */
export function FirstWeekPreview({ preview }: { preview: SetupChecklist["preview"] }) {
  return (
    <section aria-labelledby="setup-preview" className="flex flex-col gap-3">
      <h2 id="setup-preview" className="text-lg font-semibold text-slate-900">
        {PREVIEW_HEADING}
      </h2>
      {!preview ? (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <EmptyState
            icon={<CalendarX />}
            title="No school day with a Focus Block yet"
            description="Once the school year, the bell schedule and its Focus Block are set, the first day students and teachers will meet shows here."
            action={
              <Link
                href="/calendar/timetable"
                className={cn("rounded text-sm font-medium text-indigo-700 hover:underline", focusRing)}
              >
                Open the bell schedule
              </Link>
            }
          />
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            The first Focus Block is on <strong className="font-semibold">{preview.days[0]!.label}</strong>.{" "}
            Students choose a teacher for it from the{" "}
            {preview.teachers_taking_students === 1
              ? "1 staff member"
              : `${preview.teachers_taking_students.toLocaleString("en-US")} staff members`}{" "}
            who take Focus Block students; teachers post a topic for it and check in the students who come.
          </p>
          <ol aria-label="The first week" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {preview.days.map((day, index) => (
              <li key={day.date}>
                <Day day={day} first={index === 0} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function Day({ day, first }: { day: PreviewDay; first: boolean }) {
  // A weekly cycle's day type is the weekday the label already names.
  const dayType = day.day_type !== WEEKDAY_NAMES[dayOfWeek(day.date)] ? day.day_type : null;
  const subtitle = [dayType, day.bell_schedule].filter(Boolean).join(" · ");
  return (
    <article
      aria-label={day.label}
      className={cn(
        "h-full rounded-xl border bg-white p-4 shadow-sm",
        first ? "border-indigo-300 ring-1 ring-indigo-200" : "border-slate-200",
      )}
    >
      <h3 className="font-medium text-slate-900">
        {day.label}
        {first && <span className="ml-2 text-xs font-medium text-indigo-700">First day</span>}
      </h3>
      {subtitle && <p className="text-xs text-slate-600">{subtitle}</p>}
      {day.blocks.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No blocks meet.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1">
          {day.blocks.map((block) => (
            <li
              key={block.id}
              className={cn(
                "flex items-baseline justify-between gap-3 rounded-md px-2 py-1 text-sm",
                block.flex ? "bg-indigo-50 font-medium text-indigo-900" : "text-slate-800",
              )}
            >
              <span className="min-w-0 break-words">{block.label}</span>
              <span className="shrink-0 text-xs text-slate-600 tabular-nums">
                {clockLabel(block.start)}–{clockLabel(block.end)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
