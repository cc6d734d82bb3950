"use client";

import { Archive, ArchiveRestore, BookX, CalendarClock, GraduationCap, Layers, Pencil, Plus } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useSignedInUser } from "@/components/auth/use-auth";
import { StarToggle } from "@/components/profile/star-toggle";
import { Badge } from "@/components/ui/badge";
import { Button, focusRing } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { snackbar } from "@/components/ui/snackbar";
import { usePageTitle } from "@/components/ui/page-title";
import { Spinner } from "@/components/ui/spinner";
import { ApiClientError, apiPut, messageOf } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import type { CoursePage } from "@/lib/courses/present";
import { CourseDialog } from "./course-dialog";
import { COURSES_KEY, courseHref } from "./course-list";
import { MemberTable } from "./member-table";
import { SectionDialog } from "./section-dialog";
import { SectionPanel } from "./section-panel";
import { LoadError, NotFoundPanel, PageHeading, Panel } from "./page-parts";

/**
 * /courses/{short_name}: a course's teacher, meetings and students, with the star toggle, and its
 * sections with their class lists; administrators edit and archive the course, add sections and enrol.
 */
export function CoursePageView({ shortName }: { shortName: string }) {
  const { user } = useSignedInUser();
  const canEdit = user.role === "admin" || user.role === "sysadmin";
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [editing, setEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const [addingSection, setAddingSection] = useState(false);
  const key = `/api/courses/${encodeURIComponent(shortName)}`;
  const { data: course, error, mutate: reload } = useSWR<CoursePage>(key);
  usePageTitle(course?.name ?? "Course");

  if (error instanceof ApiClientError && error.status === 404) {
    return (
      <NotFoundPanel
        icon={<BookX />}
        title={<>There is no course called “{shortName}”.</>}
        description="It may have been renamed or removed. Use Search to find it by name."
        href="/"
        linkLabel="Back to Dashboard"
      />
    );
  }
  if (error && !course) return <LoadError error={error} what="course" onRetry={() => void reload()} />;
  if (!course)
    return <Spinner label="Loading the course" className="flex justify-center py-12 text-indigo-600" />;

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeading
        className="mb-6"
        icon={<GraduationCap className="size-7" />}
        iconClassName="bg-indigo-100 text-indigo-700"
        title={course.name}
        extras={
          <>
            <Badge>{course.short_name}</Badge>
            {course.archived && <Badge>Archived</Badge>}
            {user.account_type === "staff" && (
              <StarToggle
                itemType="course"
                itemId={course.id}
                starred={course.starred}
                name={course.name}
                onChanged={() => Promise.all([reload(), mutate("/api/starred")])}
              />
            )}
            {canEdit && (
              <>
                <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden className="size-4" />
                  Edit course
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setArchiving(true)}>
                  {course.archived ? <ArchiveRestore aria-hidden className="size-4" /> : <Archive aria-hidden className="size-4" />}
                  {course.archived ? "Restore course" : "Archive course"}
                </Button>
              </>
            )}
          </>
        }
        subtitle={
          <>
            {course.teacher ? (
              <>
                Taught by{" "}
                <Link
                  href={`/staff/${course.teacher.id}`}
                  className={cn("rounded font-medium text-indigo-700 hover:underline", focusRing)}
                >
                  {course.teacher.name}
                </Link>
              </>
            ) : (
              "No teacher assigned"
            )}
            <span aria-hidden> · </span>
            {course.students.length === 1 ? "1 student" : `${course.students.length} students`}
          </>
        }
      />

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <Panel title="When it meets" icon={<CalendarClock />}>
          {course.blocks.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing scheduled</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {course.blocks.map((meeting) => (
                <li
                  key={`${meeting.block_id}-${meeting.weekday}`}
                  className="flex items-baseline justify-between gap-3 py-2 text-sm"
                >
                  <span className="font-medium text-slate-800">{meeting.day}</span>
                  <span className="text-right text-slate-600">
                    {meeting.label}
                    <span className="block tabular-nums">
                      {meeting.start} – {meeting.end}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Students" plain>
          <MemberTable label={`Students in ${course.name}`} members={course.students} />
        </Panel>
      </div>

      <section aria-labelledby="course-sections" className="mt-8">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="course-sections" className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <Layers aria-hidden className="size-4 text-slate-500" />
            Sections
          </h2>
          {canEdit && (
            <Button size="sm" onClick={() => setAddingSection(true)}>
              <Plus aria-hidden className="size-4" />
              New section
            </Button>
          )}
        </div>
        {course.sections.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            No sections yet.{canEdit && " Add one with its teachers and the blocks it meets in, then enrol its students."}
          </p>
        ) : (
          <div className="flex flex-col gap-6">
            {course.sections.map((section) => (
              <SectionPanel
                key={section.id}
                section={section}
                courseName={course.name}
                courseShortName={course.short_name}
                canEdit={canEdit}
                onChanged={() => Promise.all([reload(), mutate(COURSES_KEY)])}
              />
            ))}
          </div>
        )}
      </section>

      {canEdit && (
        <>
          <CourseDialog
            open={editing}
            onOpenChange={setEditing}
            course={course}
            onSaved={async (saved) => {
              setEditing(false);
              snackbar("Saved the course.", { tone: "success" });
              await mutate(COURSES_KEY);
              if (saved.short_name !== course.short_name) router.replace(courseHref(saved.short_name));
              else await reload();
            }}
          />
          <SectionDialog
            open={addingSection}
            onOpenChange={setAddingSection}
            courseShortName={course.short_name}
            onSaved={async (section) => {
              setAddingSection(false);
              snackbar(`Added section ${section.code}.`, { tone: "success" });
              await Promise.all([reload(), mutate(COURSES_KEY)]);
            }}
          />
          <ConfirmDialog
            open={archiving}
            onOpenChange={setArchiving}
            title={course.archived ? `Restore ${course.name}?` : `Archive ${course.name}?`}
            description={
              course.archived
                ? "It is listed with the courses again, and its sections show in the weeks."
                : "It leaves the course list and its sections leave the students' and teachers' weeks. Its sections, enrolments and history are kept."
            }
            confirmLabel={course.archived ? "Restore course" : "Archive course"}
            destructive={!course.archived}
            onConfirm={async () => {
              try {
                await apiPut(key, { archived: !course.archived });
                snackbar(course.archived ? "Restored the course." : "Archived the course.", { tone: "success" });
                await Promise.all([reload(), mutate(COURSES_KEY)]);
              } catch (failure) {
                snackbar(messageOf(failure), { tone: "error" });
              }
            }}
          />
        </>
      )}
    </div>
  );
}
