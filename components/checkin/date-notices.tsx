"use client";

import { CalendarClock, CalendarOff } from "lucide-react";
import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { dayLabel } from "@/lib/core/time";

/** "Fri Nov 20, 2026". */
export const longDay = (iso: string) => {
  const label = dayLabel(iso, "");
  return `${label.day} ${label.full_date}`;
};

/** Where a school's blocks and their times are set (a Focus Block among them). */
export const BELL_SCHEDULE_PATH = "/calendar/timetable";

/**
 * No Focus Block on the shown day (a weekend, a Pro-D day): say so first and offer the nearest days
 * that have one, so a teacher who opens the screen on a Saturday is not left scanning into nothing.
 * When no day has one (`scheduled` false: a new school whose bell schedule has no Focus Block yet)
 * there is no such day to offer: it says so and links the bell schedule.
 */
export function NoFocusBlockNotice({
  isToday,
  previous,
  next,
  scheduled,
  onNavigate,
}: {
  isToday: boolean;
  previous: string;
  next: string;
  scheduled: boolean;
  onNavigate: (date: string) => void;
}) {
  if (!scheduled) {
    return (
      <div
        role="status"
        data-testid="no-focus-block"
        className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      >
        <CalendarOff aria-hidden className="size-4 shrink-0" />
        <span>
          <span className="font-medium">No day has a Focus Block yet: the bell schedule has none.</span> Entered
          numbers are kept until there is one.
        </span>
        <Link href={BELL_SCHEDULE_PATH} className={buttonClasses({ variant: "secondary", size: "sm", className: "sm:ml-auto" })}>
          Open the bell schedule
        </Link>
      </div>
    );
  }
  return (
    <div
      role="status"
      data-testid="no-focus-block"
      className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <CalendarOff aria-hidden className="size-4 shrink-0" />
      <span>
        <span className="font-medium">{isToday ? "There is no Focus Block today." : "No Focus Block on this date."}</span>{" "}
        Entered numbers are kept until you pick a day with a Focus Block.
      </span>
      <span className="flex flex-wrap gap-2 sm:ml-auto">
        <Button variant="secondary" size="sm" onClick={() => onNavigate(previous)}>
          Go to {longDay(previous)}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onNavigate(next)}>
          Go to {longDay(next)}
        </Button>
      </span>
    </div>
  );
}

/**
 * Numbers entered for one day while another is shown: they are never sent for the shown day
 * unless the teacher says so.
 */
export function PendingDateNotice({
  count,
  pendingDate,
  onGoBack,
  onUseShown,
}: {
  count: number;
  pendingDate: string;
  onGoBack: () => void;
  onUseShown: () => void;
}) {
  return (
    <div
      role="alert"
      data-testid="pending-date-mismatch"
      className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <CalendarClock aria-hidden className="size-4 shrink-0" />
      <span>
        {count === 1 ? "1 student number was" : `${count} student numbers were`} entered for{" "}
        <span className="font-medium">{longDay(pendingDate)}</span>, not this day.
      </span>
      <span className="flex flex-wrap gap-2 sm:ml-auto">
        <Button variant="secondary" size="sm" onClick={onGoBack}>
          Back to {longDay(pendingDate)}
        </Button>
        <Button variant="secondary" size="sm" onClick={onUseShown}>
          Check them in for this day
        </Button>
      </span>
    </div>
  );
}
