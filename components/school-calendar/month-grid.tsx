"use client";

import { useEffect, useRef, type KeyboardEvent } from "react";
import { focusRing } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { dayOfWeek } from "@/lib/core/time";
import type { SchoolDay } from "./api-types";
import { dayDescription, DayDetails } from "./day-summary";
import {
  monthDates,
  monthOf,
  monthWeeks,
  movedDate,
  shortDateLabel,
  WEEKDAY_SHORT,
  type Month,
} from "./month";

export interface MonthViewProps {
  month: Month;
  days: ReadonlyMap<string, SchoolDay>;
  today: string;
  /** The date that takes focus in the grid (roving tab stop). */
  focused: string;
  onFocusChange: (date: string) => void;
  onOpen: (date: string) => void;
  /** The id of the month's heading, naming the grid. */
  labelledBy: string;
}

const cellTone = (day: SchoolDay | undefined, inMonth: boolean) =>
  !inMonth ? "bg-slate-50 text-slate-600" : day?.in_session ? "bg-white" : "bg-slate-100 text-slate-600";

/**
 * The month as a grid of weeks (a keyboard moves by day, week and month; Enter or a click opens the
 * date). Arrowing past the month's edge moves to the next or previous month.
 */
// eslint-disable-next-line max-lines-per-function -- the month grid's weeks and days are one table
export function MonthGrid({
  month,
  days,
  today,
  focused,
  onFocusChange,
  onOpen,
  labelledBy,
}: MonthViewProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const moving = useRef(false);

  useEffect(() => {
    if (!moving.current) return;
    moving.current = false;
    buttons.current.get(focused)?.focus();
  }, [focused, month]);

  function onKeyDown(event: KeyboardEvent, date: string) {
    const next = movedDate(date, event.key);
    if (!next) return;
    event.preventDefault();
    moving.current = true;
    onFocusChange(next);
  }

  const weeks = monthWeeks(month);
  // The focused date is in the grid; otherwise the month's first day is the tab stop.
  const tabStop = weeks.flat().includes(focused) ? focused : `${month}-01`;
  return (
    <div
      role="grid"
      aria-labelledby={labelledBy}
      className="hidden overflow-hidden rounded-xl border border-slate-200 sm:block"
    >
      <div role="row" className="grid grid-cols-7 border-b border-slate-200 bg-slate-50">
        {WEEKDAY_SHORT.map((name) => (
          <div
            key={name}
            role="columnheader"
            className="px-2 py-1.5 text-xs font-semibold text-slate-600 uppercase"
          >
            {name}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week[0]} role="row" className="grid grid-cols-7 border-b border-slate-200 last:border-b-0">
          {week.map((date) => {
            const day = days.get(date);
            const inMonth = monthOf(date) === month;
            return (
              <div key={date} role="gridcell" className="min-w-0 border-r border-slate-200 last:border-r-0">
                <button
                  ref={(node) => {
                    if (node) buttons.current.set(date, node);
                    else buttons.current.delete(date);
                  }}
                  type="button"
                  data-date={date}
                  tabIndex={date === tabStop ? 0 : -1}
                  aria-label={dayDescription(date, day)}
                  aria-current={date === today ? "date" : undefined}
                  onClick={() => (onFocusChange(date), onOpen(date))}
                  onKeyDown={(event) => onKeyDown(event, date)}
                  className={cn(
                    "flex h-28 w-full flex-col items-start gap-1 overflow-hidden p-2 text-left hover:bg-indigo-50/60",
                    cellTone(day, inMonth),
                    focusRing,
                    "focus-visible:-outline-offset-2",
                  )}
                >
                  <span
                    aria-hidden
                    className={cn(
                      "text-xs font-medium",
                      date === today && "rounded-full bg-indigo-600 px-1.5 text-white",
                    )}
                  >
                    {Number(date.slice(8))}
                  </span>
                  {inMonth && (
                    <span aria-hidden className="min-w-0 self-stretch">
                      <DayDetails day={day} compact />
                    </span>
                  )}
                </button>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** The month as a list of its days (phone width); weekends and other days without school stay short. */
export function MonthList({
  month,
  days,
  today,
  onOpen,
}: Omit<MonthViewProps, "focused" | "onFocusChange" | "labelledBy">) {
  return (
    <ol
      aria-label="Days of the month"
      className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 sm:hidden"
    >
      {monthDates(month).map((date) => {
        const day = days.get(date);
        const quiet = !day?.in_session && !day?.events.length;
        return (
          <li key={date}>
            <button
              type="button"
              data-date={date}
              aria-label={dayDescription(date, day)}
              aria-current={date === today ? "date" : undefined}
              onClick={() => onOpen(date)}
              className={cn(
                "flex w-full items-start gap-3 px-3 text-left hover:bg-indigo-50/60",
                quiet ? "py-1.5" : "py-2.5",
                day?.in_session ? "bg-white" : "bg-slate-100 text-slate-600",
                focusRing,
                "focus-visible:-outline-offset-2",
                dayOfWeek(date) === 0 && "border-t border-slate-300",
              )}
            >
              <span
                aria-hidden
                className={cn(
                  "w-24 shrink-0 text-sm",
                  date === today ? "font-semibold text-indigo-700" : "font-medium",
                )}
              >
                {shortDateLabel(date)}
              </span>
              <span aria-hidden className="min-w-0 flex-1">
                <DayDetails day={day} />
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
