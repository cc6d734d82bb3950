"use client";

import { Disclosure } from "@/components/ui/disclosure";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import type { DashboardAnswer } from "@/lib/dashboard/schemas";
import { gradeLabel } from "@/lib/grade-range";
import { DashboardCard } from "./dashboard-card";
import { ListDownload } from "./list-download";
import { PlainTable, type PlainColumn } from "./plain-table";
import { StudentLink } from "./student-columns";
import type { DashboardPartProps } from "./use-dashboard";

type Teacher = DashboardAnswer["not_seen"][number];
type Student = Teacher["students"][number];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function columnsFor(students: Student[]): PlainColumn<Student>[] {
  return [
    { header: "Student", cell: (s) => <StudentLink id={s.student_id} name={s.name} /> },
    ...(students.some((s) => s.student_number !== null)
      ? [{ header: "Student number", cell: (s: Student) => s.student_number ?? "" }]
      : []),
    { header: "Grade", cell: (s) => gradeLabel(s.grade) },
    { header: "Class", cell: (s) => s.sections.join(", ") },
  ];
}

/**
 * "Not seen by their own teachers": per teacher, the students in their classes who have not come to
 * their Focus Block this term (a teacher can then request them). Each teacher opens on demand.
 */
export function NotSeenCard({ answer, filters, loading }: DashboardPartProps) {
  const teachers = answer?.not_seen;
  const students = teachers?.reduce((sum, t) => sum + t.students.length, 0);
  return (
    <DashboardCard
      title="Not seen by their own teachers"
      count={students}
      description="Students in a teacher's classes who have not attended that teacher's Focus Block this term."
      actions={
        <ListDownload
          list="not_seen"
          what="Not seen by their own teachers"
          filters={filters}
          answer={answer}
        />
      }
    >
      <div className="rounded-xl border border-slate-200 bg-white px-4 py-2 shadow-sm">
        {!teachers ? (
          loading && <Spinner label="Loading" className="flex justify-center py-8 text-indigo-600" />
        ) : teachers.length === 0 ? (
          <EmptyState title="Every student has been to each of their teachers' Focus Blocks this term." />
        ) : (
          <ul className="divide-y divide-slate-100">
            {teachers.map((teacher) => (
              <li key={teacher.staff_id} className="py-1">
                <Disclosure
                  // A teacher's own page has one list: it starts open.
                  defaultOpen={teachers.length === 1}
                  summary={
                    <span className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-3">
                      <span>{teacher.name}</span>
                      <span className="font-normal text-slate-600">
                        {plural(teacher.students.length, "student", "students")}
                      </span>
                    </span>
                  }
                >
                  <div className="pb-2">
                    <PlainTable
                      label={`Not seen by ${teacher.name}`}
                      columns={columnsFor(teacher.students)}
                      rows={teacher.students}
                      rowKey={(s) => s.student_id}
                    />
                  </div>
                </Disclosure>
              </li>
            ))}
          </ul>
        )}
      </div>
    </DashboardCard>
  );
}
