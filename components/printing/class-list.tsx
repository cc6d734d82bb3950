"use client";

import { useSearchParams } from "next/navigation";
import useSWR from "swr";
import { meetingsLabel, teachersLabel } from "@/components/courses/section-parts";
import { LoadError } from "@/components/ui/load-error";
import { Spinner } from "@/components/ui/spinner";
import type { CoursePage } from "@/lib/courses/present";
import type { ClassMember, Section } from "@/lib/sections/present";
import { PrintTable, TickBox, type PrintColumn } from "./print-table";
import { PrintView } from "./print-view";

const homeroomWords = (m: ClassMember) =>
  m.homeroom ? [m.homeroom.code, m.homeroom.teacher.name].filter(Boolean).join(" · ") : "";

/** The columns of a class list; student numbers only when the server sent some (the privacy setting). */
function columnsFor(members: ClassMember[]): PrintColumn<ClassMember>[] {
  const numbers = members.some((m) => m.student_number !== null);
  return [
    { header: "Last name", cell: (m) => <span className="font-medium">{m.last_name}</span> },
    { header: "First name", cell: (m) => m.first_name },
    ...(numbers
      ? [
          {
            header: "Student number",
            cell: (m: ClassMember) => m.student_number ?? "",
            className: "tabular-nums",
          },
        ]
      : []),
    { header: "Grade", cell: (m) => m.grade, className: "text-right tabular-nums" },
    { header: "Homeroom", cell: homeroomWords },
    { header: "Here", cell: () => <TickBox />, className: "w-16 text-center" },
  ];
}

/**
 * /courses/{short_name}/print?section={id}: a section's class list (names, student numbers where the
 * viewer may see them, grade, homeroom and a column to tick); without `section`, every section of the
 * course, each on a sheet of its own. It reads the course page (GET /api/courses/{short_name}).
 */
export function ClassListView({ shortName }: { shortName: string }) {
  const sectionId = Number(useSearchParams().get("section")) || null;
  const { data: course, error, mutate } = useSWR<CoursePage>(`/api/courses/${encodeURIComponent(shortName)}`);
  const sections = course?.sections.filter((s) => sectionId === null || s.id === sectionId) ?? [];
  const only = sectionId !== null && sections.length === 1 ? sections[0] : null;

  return (
    <PrintView
      title={course ? `Class list: ${course.name}${only ? ` ${only.code}` : ""}` : "Class list"}
      description={course ? course.short_name : undefined}
      back={{ href: `/courses/${encodeURIComponent(shortName)}`, label: "Back to the course" }}
    >
      {error && !course ? (
        <LoadError error={error} what="course" onRetry={() => void mutate()} />
      ) : !course ? (
        <Spinner label="Loading the class list" className="flex justify-center py-10 text-indigo-600" />
      ) : sections.length === 0 ? (
        <p className="text-sm text-slate-700">
          {sectionId ? "This course has no such section." : "This course has no sections."}
        </p>
      ) : (
        sections.map((section, index) => (
          <SectionList key={section.id} section={section} courseName={course.name} newSheet={index > 0} />
        ))
      )}
    </PrintView>
  );
}

function SectionList({
  section,
  courseName,
  newSheet,
}: {
  section: Section;
  courseName: string;
  newSheet: boolean;
}) {
  const count = section.students.length;
  return (
    <section aria-label={`Section ${section.code}`} className={newSheet ? "break-before-page" : undefined}>
      <h2 className="text-base font-semibold text-slate-900">
        Section {section.code}
        {section.term ? ` · ${section.term.name}` : ""}
        <span className="font-normal text-slate-600">
          {" "}
          · {count === 1 ? "1 student" : `${count} students`}
        </span>
      </h2>
      <p className="mb-2 text-sm text-slate-700">
        {teachersLabel(section.teachers)} · {meetingsLabel(section.meetings)}
      </p>
      <PrintTable
        label={`Class list of ${courseName} ${section.code}`}
        columns={columnsFor(section.students)}
        rows={section.students}
        rowKey={(m) => m.id}
        empty="Nobody is enrolled."
      />
    </section>
  );
}
