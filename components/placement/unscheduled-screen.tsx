"use client";

import { CalendarRange, UserCheck } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import useSWR from "swr";
import { useSchoolTime, useSchoolTimezone } from "@/components/audit/use-school-time";
import { useSignedInUser } from "@/components/auth/use-auth";
import { useCalendarDate } from "@/components/calendar/use-calendar-date";
import { handOffToPowerScheduler } from "@/components/power-scheduler/use-scheduler-state";
import { Button, focusRing } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { DatePicker } from "@/components/ui/date-picker";
import { PageHeader } from "@/components/ui/page-header";
import { apiPost, messageOf } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";
import type { UnscheduledResponse, UnscheduledStudent } from "@/lib/placement/types";
import { schoolToday } from "@/lib/core/time";
import { unscheduledKey } from "./unscheduled-count";

const columns: DataColumn<UnscheduledStudent>[] = [
  {
    id: "name",
    header: "Student",
    value: (s) => `${s.last_name}, ${s.first_name}`,
    cell: (s) => (
      <Link href={`/students/${s.id}`} className={cn("rounded-sm font-medium text-indigo-700 hover:underline", focusRing)}>
        {s.last_name}, {s.first_name}
      </Link>
    ),
  },
  { id: "grade", header: "Grade", value: (s) => s.grade, kind: "number", secondary: "sm" },
  { id: "number", header: "Student number", value: (s) => s.student_number, secondary: "sm" },
  { id: "teacher", header: "Default teacher", value: (s) => s.default_teacher?.name ?? "None" },
];
const withoutNumbers = columns.filter((column) => column.id !== "number");

/**
 * /unscheduled: for a date, the students with no plan, appointment or amendment (administrators: the
 * whole school; teachers: their default students), when default placement will give them (or gave
 * them) their default teacher, and how many it placed.
 */
// eslint-disable-next-line max-lines-per-function -- the screen's table, date and place-now confirm share one date
export function UnscheduledScreen() {
  const { user } = useSignedInUser();
  const timezone = useSchoolTimezone();
  const time = useSchoolTime();
  const [picked, setDate] = useCalendarDate();
  const date = picked ?? schoolToday(timezone, new Date());
  const { data, error, isLoading, mutate } = useSWR<UnscheduledResponse>(unscheduledKey(date));
  const whole = user.role === "admin" || user.role === "sysadmin";
  const router = useRouter();
  const [confirmPlace, setConfirmPlace] = useState(false);
  const today = schoolToday(timezone, new Date());
  // What an administrator can do about the list: place them now (before the cutoff), or book them in the Power Scheduler.
  const placeable = data?.students.filter((s) => s.default_teacher !== null).length ?? 0;
  const canPlace = whole && !!data && !data.placed_run && placeable > 0 && date >= today;
  const canHandOff = whole && !!data && data.students.length > 0 && date >= today;

  const placeNow = useAction(
    async () => {
      try {
        const result = await apiPost<{ message: string }>("/api/placement/run", { date });
        snackbar(result.message, { tone: "success" });
      } finally {
        void mutate();
      }
    },
    { failed: "The students could not be placed. Please try again.", rethrow: true },
  ).run;

  function openInPowerScheduler() {
    handOffToPowerScheduler({ student_ids: data!.students.map((s) => s.id), date });
    router.push("/power-scheduler");
  }
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Unscheduled"
        description={
          whole
            ? "Students without a teacher, appointment or amendment for the Focus Block."
            : "Your default students without a teacher, appointment or amendment for the Focus Block."
        }
        actions={<DatePicker label="Date" hideLabel value={date} onChange={setDate} today={schoolToday(timezone, new Date())} />}
      />
      <div className="mb-4 text-sm text-slate-700" data-testid="placement-status">
        {data?.placed_run ? (
          <p>
            {/* A run an administrator started ("Place with default teachers now") is not the cutoff's. */}
            {data.placed_run.cutoff_at === data.cutoff_at
              ? `Default placement ran at the cutoff (${time(data.placed_run.cutoff_at)})`
              : `Students were placed with their default teachers at ${time(data.placed_run.ran_at)}`}
            : {data.placed_run.placed} placed
            {data.placed_run.skipped > 0 ? `, ${data.placed_run.skipped} without a default teacher` : ""}.
          </p>
        ) : data?.cutoff_at ? (
          <p>Students still unscheduled at {time(data.cutoff_at)} will be placed with their default teacher.</p>
        ) : data ? (
          <p>No default placement for this date.</p>
        ) : null}
      </div>
      {(canPlace || canHandOff) && (
        <div className="mb-4 flex flex-wrap gap-2" data-testid="unscheduled-actions">
          {canPlace && (
            <Button variant="secondary" onClick={() => setConfirmPlace(true)}>
              <UserCheck aria-hidden className="size-4" />
              Place with default teachers now
            </Button>
          )}
          {canHandOff && (
            <Button variant="secondary" onClick={openInPowerScheduler}>
              <CalendarRange aria-hidden className="size-4" />
              Open in the Power Scheduler
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirmPlace}
        onOpenChange={setConfirmPlace}
        title={`Place ${placeable} ${placeable === 1 ? "student" : "students"} with their default teachers now?`}
        description={`This is the run the cutoff would make${data?.cutoff_at ? ` at ${time(data.cutoff_at)}` : ""}: each unscheduled student with a default teacher gets a plan with them, whatever the seats. It runs once for this date; students without a default teacher stay on the list.`}
        confirmLabel="Place now"
        onConfirm={placeNow}
      />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {messageOf(error, "The list could not be loaded.")}
        </p>
      ) : (
        <DataTable
          label="Unscheduled students"
          // The number column only where the server sent numbers (show-student-numbers, or an administrator).
          columns={data?.students.some((s) => s.student_number !== null) ? columns : withoutNumbers}
          data={data?.students}
          rowId={(s) => s.id}
          loading={isLoading}
          emptyText="Every student has a teacher for this date."
          initialPageSize={25}
          initialSort={{ id: "name" }}
        />
      )}
    </div>
  );
}
