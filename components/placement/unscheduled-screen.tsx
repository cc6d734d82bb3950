"use client";

import Link from "next/link";
import useSWR from "swr";
import { useSchoolTime, useSchoolTimezone } from "@/components/audit/use-school-time";
import { useSignedInUser } from "@/components/auth/use-auth";
import { useCalendarDate } from "@/components/calendar/use-calendar-date";
import { focusRing } from "@/components/ui/button";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { DatePicker } from "@/components/ui/date-picker";
import { PageHeader } from "@/components/ui/page-header";
import { messageOf } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import type { UnscheduledResponse, UnscheduledStudent } from "@/lib/placement/types";
import { schoolToday } from "@/lib/time";
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
export function UnscheduledScreen() {
  const { user } = useSignedInUser();
  const timezone = useSchoolTimezone();
  const time = useSchoolTime();
  const [picked, setDate] = useCalendarDate();
  const date = picked ?? schoolToday(timezone, new Date());
  const { data, error, isLoading } = useSWR<UnscheduledResponse>(unscheduledKey(date));
  const whole = user.role === "admin" || user.role === "sysadmin";
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
            Default placement ran at the cutoff ({time(data.placed_run.cutoff_at)}): {data.placed_run.placed} placed
            {data.placed_run.skipped > 0 ? `, ${data.placed_run.skipped} without a default teacher` : ""}.
          </p>
        ) : data?.cutoff_at ? (
          <p>Students still unscheduled at {time(data.cutoff_at)} will be placed with their default teacher.</p>
        ) : data ? (
          <p>No default placement for this date.</p>
        ) : null}
      </div>
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
