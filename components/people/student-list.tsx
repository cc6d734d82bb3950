"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import useSWR from "swr";
import { focusRing } from "@/components/ui/button";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { cn } from "@/lib/cn";
import type { StudentListItem } from "@/lib/people/lists.server";
import { ClustersLink, ImportsLink, ListLoadError, PersonLink } from "./list-parts";
import { useGradeRange } from "./use-grade-range";
import { useIsTeacher, useManagesPeople } from "./use-manages-people";
import { AddStudentButton } from "./student-dialog";
import { classOf, type StudentClass } from "./student-class";

const studentHref = (student: StudentListItem) => `/students/${student.id}`;

const columnsFor = (seniorsFrom: number): DataColumn<StudentListItem>[] => [
  {
    id: "last_name",
    header: "Last name",
    value: (s) => s.last_name,
    cell: (s) => (
      <PersonLink
        href={studentHref(s)}
        text={s.last_name}
        label={`${s.last_name}, ${s.first_name}`}
        initials={s.initials}
        color={s.color}
        phoneDetails={[s.first_name]}
      />
    ),
  },
  {
    id: "first_name",
    header: "First name",
    value: (s) => s.first_name,
    className: "hidden sm:table-cell",
  },
  { id: "grade", header: "Grade", value: (s) => s.grade, kind: "number" },
  { id: "class", header: "Class", value: (s) => classOf(s.grade, seniorsFrom) },
  { id: "student_number", header: "Student number", value: (s) => s.student_number ?? "", secondary: "sm" },
];

type ClassChoice = StudentClass | "all";
const CLASS_CHOICES: { value: ClassChoice; label: string }[] = [
  { value: "all", label: "All students" },
  { value: "Senior", label: "Seniors" },
  { value: "Junior", label: "Juniors" },
];

/**
 * /students: every student with grade and class (Senior from the seniors_from_grade setting, 11 by
 * default), a class filter and profile links.
 */
export function StudentListScreen() {
  const router = useRouter();
  const { data, error, isLoading, mutate } = useSWR<StudentListItem[]>("/api/students");
  const [chosen, setChosen] = useState<ClassChoice>("all");
  const manages = useManagesPeople();
  const teacher = useIsTeacher();
  const { seniorsFrom } = useGradeRange();
  // The number column only where the server sent numbers (administrators, or show-student-numbers on).
  const numbers = data?.some((s) => s.student_number != null) ?? false;
  const columns = useMemo(
    () => columnsFor(seniorsFrom).filter((column) => numbers || column.id !== "student_number"),
    [seniorsFrom, numbers],
  );
  const shown = useMemo(
    () =>
      chosen === "all" || !data ? data : data.filter((s) => classOf(s.grade, seniorsFrom) === chosen),
    [data, chosen, seniorsFrom],
  );

  const classFilter = (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
      Class
      <select
        value={chosen}
        onChange={(e) => setChosen(e.target.value as ClassChoice)}
        className={cn(
          "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900",
          focusRing,
        )}
      >
        {CLASS_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div>
      <PageHeader
        title="Students"
        actions={
          <>
            <ClustersLink />
            {manages && <ImportsLink />}
            {(manages || teacher) && <AddStudentButton uploads={manages} />}
          </>
        }
      />
      {error && !data ? (
        <ListLoadError error={error} what="student list" onRetry={() => void mutate()} />
      ) : (
        <DataTable
          label="Students"
          columns={columns}
          data={shown}
          rowId={(s) => s.id}
          loading={isLoading}
          initialSort={{ id: "last_name" }}
          initialPageSize={25}
          searchLabel="Search students"
          actions={classFilter}
          onRowClick={(s) => router.push(studentHref(s))}
        />
      )}
    </div>
  );
}
