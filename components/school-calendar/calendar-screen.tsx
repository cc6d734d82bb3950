"use client";

import { ChevronLeft, ChevronRight, Upload } from "lucide-react";
import { useMemo, useState } from "react";
import useSWR from "swr";
import { useSchoolTimezone } from "@/components/audit/use-school-time";
import { ADMIN_ROLES } from "@/components/auth/types";
import { useSignedInUser } from "@/components/auth/use-auth";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { LoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { schoolToday } from "@/lib/core/time";
import type { ImportResult, SchoolDays, SchoolYear } from "./api-types";
import { CalendarTabs } from "./calendar-tabs";
import { DayDialog } from "./day-dialog";
import { ImportDialog } from "./import-dialog";
import { ImportDone, type ImportDoneInfo } from "./import-done";
import { MonthGrid, MonthList } from "./month-grid";
import { addMonths, monthLabel, monthOf, monthWeeks } from "./month";
import { YearGlance } from "./year-glance";

export const SCHOOL_YEAR_KEY = "/api/school-year";

/** The school-days range of the weeks that show a month. */
export function monthRangeKey(month: string): string {
  const weeks = monthWeeks(month);
  return `/api/school-days?from=${weeks[0]![0]}&to=${weeks.at(-1)![6]}`;
}

/** The date's button in the view on screen (the grid, or the list at phone width). */
const shownDateButton = (date: string) =>
  [...document.querySelectorAll<HTMLElement>(`button[data-date="${date}"]`)].find(
    (b) => b.offsetParent !== null,
  ) ?? null;

/**
 * /calendar: the school year month by month (day types, bell schedules, events), the year at a glance,
 * and for administrators the tools to change a day and import a calendar. Teachers read it.
 */
// eslint-disable-next-line max-lines-per-function -- the month, the year glance and the day dialog share one chosen date
export function CalendarScreen() {
  const { user } = useSignedInUser();
  const canEdit = ADMIN_ROLES.includes(user.role);
  const today = schoolToday(useSchoolTimezone(), new Date());
  const [month, setMonth] = useState(monthOf(today));
  const [focused, setFocused] = useState(today);
  const [openDate, setOpenDate] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<ImportDoneInfo | null>(null);

  const year = useSWR<SchoolYear>(SCHOOL_YEAR_KEY);
  const days = useSWR<SchoolDays>(monthRangeKey(month), { keepPreviousData: true });
  const byDate = useMemo(() => new Map((days.data?.days ?? []).map((day) => [day.date, day])), [days.data]);

  function focusDate(date: string) {
    setFocused(date);
    if (monthOf(date) !== month) setMonth(monthOf(date));
  }
  function showMonth(next: string) {
    setMonth(next);
    setFocused(`${next}-01`);
  }
  const refresh = () => Promise.all([days.mutate(), year.mutate()]);
  async function afterImport(result: ImportResult, file: File) {
    if (result.import) setImported({ filename: file.name, report: result.import.report });
    await refresh();
  }

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="School calendar"
        description={
          canEdit
            ? "Each date's day type, bell schedule and events. Choose a date to add an event or change the day."
            : "Each date's day type, bell schedule and events."
        }
        actions={
          canEdit && (
            <Button variant="secondary" onClick={() => setImporting(true)}>
              <Upload aria-hidden className="size-4" />
              Import calendar
            </Button>
          )
        }
      />
      {imported && <ImportDone done={imported} onDismiss={() => setImported(null)} />}
      <CalendarTabs />
      <YearGlance year={year.data} error={year.error} onRetry={() => year.mutate()} canEdit={canEdit} />
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="calendar-month" className="text-lg font-semibold text-slate-900" aria-live="polite">
          {monthLabel(month)}
        </h2>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => showMonth(monthOf(today))}
            disabled={month === monthOf(today)}
          >
            This month
          </Button>
          <IconButton
            label="Previous month"
            icon={<ChevronLeft className="size-4" />}
            onClick={() => showMonth(addMonths(month, -1))}
          />
          <IconButton
            label="Next month"
            icon={<ChevronRight className="size-4" />}
            onClick={() => showMonth(addMonths(month, 1))}
          />
        </div>
      </div>
      {days.error && !days.data ? (
        <LoadError error={days.error} what="calendar" onRetry={() => days.mutate()} />
      ) : (
        <div aria-busy={days.isLoading || undefined}>
          <MonthGrid
            month={month}
            days={byDate}
            today={today}
            focused={focused}
            onFocusChange={focusDate}
            onOpen={setOpenDate}
            labelledBy="calendar-month"
          />
          <MonthList month={month} days={byDate} today={today} onOpen={setOpenDate} />
          <p className="mt-2 text-xs text-slate-600">
            Grey days have no school.
            <span className="hidden sm:inline">
              {" "}
              Use the arrow keys to move between dates and Enter to open one.
            </span>
          </p>
        </div>
      )}
      <DayDialog
        date={openDate}
        day={openDate ? byDate.get(openDate) : undefined}
        canEdit={canEdit}
        onOpenChange={(open) => !open && setOpenDate(null)}
        onChanged={refresh}
        returnFocusTo={() => (openDate ? shownDateButton(openDate) : null)}
      />
      {canEdit && <ImportDialog open={importing} onOpenChange={setImporting} onImported={afterImport} />}
    </div>
  );
}
