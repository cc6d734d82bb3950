"use client";

import { BookOpen, Plus } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import useSWR from "swr";
import { useSignedInUser } from "@/components/auth/use-auth";
import { Badge } from "@/components/ui/badge";
import { Button, focusRing } from "@/components/ui/button";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { cn } from "@/lib/cn";
import type { CourseItem, CourseList } from "@/lib/courses/present";
import type { SectionItem } from "@/lib/sections/present";
import { CourseDialog } from "./course-dialog";
import { LoadError, Panel } from "./page-parts";
import { meetingsLabel } from "./section-parts";

export const COURSES_KEY = "/api/courses";
export const courseHref = (shortName: string) => `/courses/${encodeURIComponent(shortName)}`;

const columns: DataColumn<CourseItem>[] = [
  {
    id: "name",
    header: "Course",
    value: (c) => c.name,
    cell: (c) => (
      <Link
        href={courseHref(c.short_name)}
        onClick={(event) => event.stopPropagation()}
        className={cn("rounded font-medium text-indigo-700 hover:underline", focusRing)}
      >
        {c.name}
      </Link>
    ),
  },
  { id: "short_name", header: "Short name", value: (c) => c.short_name, className: "hidden sm:table-cell" },
  { id: "teacher", header: "Teacher", value: (c) => c.teacher?.name ?? "", className: "hidden md:table-cell" },
  { id: "sections_count", header: "Sections", value: (c) => c.sections_count, kind: "number" },
  { id: "students_count", header: "Students", value: (c) => c.students_count, kind: "number" },
];

/** /courses: the teacher's own classes first ("My classes"), then every course; administrators add courses. */
export function CourseListScreen() {
  const { user } = useSignedInUser();
  const canEdit = user.role === "admin" || user.role === "sysadmin";
  const router = useRouter();
  const { data, error, isLoading, mutate } = useSWR<CourseList>(COURSES_KEY);
  const [creating, setCreating] = useState(false);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <PageHeader
        title="Courses"
        description="The school's courses and their sections (classes), with who teaches them and who is enrolled."
        actions={
          canEdit && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden className="size-4" />
              New course
            </Button>
          )
        }
      />
      {error && !data ? (
        <LoadError error={error} what="course list" onRetry={() => void mutate()} />
      ) : (
        <>
          {data && data.my_sections.length > 0 && <MyClasses sections={data.my_sections} />}
          <section aria-labelledby="all-courses">
            <h2 id="all-courses" className="mb-3 text-base font-semibold text-slate-900">
              All courses
            </h2>
            <DataTable
              label="Courses"
              columns={columns}
              data={data?.courses}
              rowId={(c) => c.id}
              loading={isLoading}
              initialSort={{ id: "name" }}
              initialPageSize={25}
              searchLabel="Search courses"
              onRowClick={(c) => router.push(courseHref(c.short_name))}
            />
          </section>
        </>
      )}
      <CourseDialog
        open={creating}
        onOpenChange={setCreating}
        onSaved={async (course) => {
          setCreating(false);
          await mutate();
          router.push(courseHref(course.short_name));
        }}
      />
    </div>
  );
}

/** The sections the signed-in teacher teaches, each a link to its class list. */
function MyClasses({ sections }: { sections: SectionItem[] }) {
  return (
    <Panel title="My classes" icon={<BookOpen />}>
      <ul className="grid gap-3 sm:grid-cols-2">
        {sections.map((section) => (
          <li key={section.id}>
            <Link
              href={`${courseHref(section.course.short_name)}#section-${section.id}`}
              className={cn(
                "flex h-full flex-col gap-1 rounded-lg border border-slate-200 p-3 hover:border-indigo-300 hover:bg-indigo-50/40",
                focusRing,
              )}
            >
              <span className="flex flex-wrap items-center gap-2 font-medium text-indigo-700">
                {section.course.name}
                <Badge>{section.code}</Badge>
              </span>
              <span className="text-sm text-slate-600">
                {meetingsLabel(section.meetings)}
                {section.term ? ` · ${section.term.name}` : ""}
              </span>
              <span className="text-sm text-slate-600">
                {section.students_count === 1 ? "1 student" : `${section.students_count} students`}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
