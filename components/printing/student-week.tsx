"use client";

import useSWR from "swr";
import { studentTile } from "@/components/calendar/tile-rules";
import { useSchedule } from "@/components/calendar/use-schedule";
import { useSchoolTimezone } from "@/components/audit/use-school-time";
import { LoadError } from "@/components/ui/load-error";
import { Spinner } from "@/components/ui/spinner";
import { sentenceFor } from "@/lib/core/schedule/reason";
import type { StudentProfile, StudentScheduleBlock, StudentScheduleResponse } from "@/lib/core/schedule/types";
import { DateSteps } from "./date-steps";
import { PrintTable, type PrintColumn } from "./print-table";
import { PrintView } from "./print-view";
import { usePrintDate } from "./use-print-date";

/** What became of the block, as the calendar's tile says it (lib/core/attendance/rules.ts). */
function attendanceWords(block: StudentScheduleBlock, status: ReturnType<typeof studentTile>["status"]) {
  if (status === "attended") return block.logs[0] ? `Checked in ${block.logs[0].time}` : "Checked in";
  if (status === "missed") return "Missed";
  if (status === "void") return "Excused (amended)";
  return "";
}

/**
 * /students/{id}/print?date=: a student's week as a table (each day's blocks, where the student is and
 * why, and what became of each Focus Block) for a parent meeting. It reads the student's week
 * (GET /api/students/{id}/schedule/{date}), as the profile does.
 */
export function StudentWeekView({ studentId }: { studentId: number }) {
  const { date, today, setDate } = usePrintDate();
  const timezone = useSchoolTimezone();
  const profile = useSWR<StudentProfile>(`/api/students/profile/${studentId}`);
  const week = useSchedule<StudentScheduleResponse>(`/api/students/${studentId}/schedule`, date);
  const student = profile.data;
  const days = (week.data?.schedule ?? []).filter((day) => day.blocks.length > 0 || day.events.length > 0);
  const columns: PrintColumn<StudentScheduleBlock>[] = [
    { header: "Block", cell: (b) => b.label },
    { header: "Time", cell: (b) => `${b.start}–${b.end}`, className: "whitespace-nowrap" },
    {
      header: "Where",
      cell: (b) => {
        const tile = studentTile(b);
        return (
          <>
            <span className="font-medium">{tile.title}</span>
            {tile.memo && <span className="block text-slate-700">{tile.memo}</span>}
          </>
        );
      },
    },
    {
      header: "Why",
      cell: (b) =>
        b.reason ? sentenceFor(b.reason, { viewer: "staff", timezone, studentName: student?.name }) : "",
    },
    { header: "Attendance", cell: (b) => (b.flex ? attendanceWords(b, studentTile(b).status) : "") },
  ];
  const details = student
    ? [
        `Grade ${student.grade}`,
        student.student_number && `#${student.student_number}`,
        student.default_teacher && `Homeroom: ${student.default_teacher.name}`,
      ]
        .filter(Boolean)
        .join(" · ")
    : null;

  return (
    <PrintView
      title={student ? `Week of ${student.name}` : "Student's week"}
      description={[week.data?.range, details].filter(Boolean).join(" · ")}
      back={{ href: `/students/${studentId}?date=${date}`, label: "Back to the profile" }}
      controls={<DateSteps value={date} onChange={setDate} today={today} days={7} unit="week" />}
    >
      {week.error && !week.data ? (
        <LoadError error={week.error} what="week" onRetry={() => void week.mutate()} />
      ) : !week.data ? (
        <Spinner label="Loading the week" className="flex justify-center py-10 text-indigo-600" />
      ) : days.length === 0 ? (
        <p className="text-sm text-slate-700">No school this week.</p>
      ) : (
        days.map((day) => {
          const name = `${day.date.day} ${day.date.full_date}`;
          return (
            <section key={day.date.iso} aria-label={name} className="break-inside-avoid">
              <h2 className="mb-2 text-base font-semibold text-slate-900">
                {name}
                {day.events.length > 0 && (
                  <span className="font-normal text-slate-600">
                    {" "}
                    · {day.events.map((e) => e.name).join(", ")}
                  </span>
                )}
              </h2>
              <PrintTable
                label={`${student?.name ?? "The student"}, ${name}`}
                columns={columns}
                rows={day.blocks}
                rowKey={(b) => b.id}
                empty="No school."
              />
            </section>
          );
        })
      )}
    </PrintView>
  );
}
