"use client";

import { BookX } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useSignedInUser } from "@/components/auth/use-auth";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { usePageTitle } from "@/components/ui/page-title";
import { Spinner } from "@/components/ui/spinner";
import { ApiClientError, GENERIC_FAILURE, apiPut } from "@/lib/api/request.client";
import type { CoursePage } from "@/lib/courses/present";
import { CourseDialog } from "./course-dialog";
import { CourseHeading } from "./course-heading";
import { CourseMeetings } from "./course-meetings";
import { CourseSections } from "./course-sections";
import { COURSES_KEY, courseHref } from "./course-list";
import { MemberTable } from "./member-table";
import { SectionDialog } from "./section-dialog";
import { LoadError, NotFoundPanel, Panel } from "./page-parts";

/**
 * /courses/{short_name}: a course's teacher, meetings and students, with the star toggle, and its
 * sections with their class lists; administrators edit and archive the course, add sections and enrol.
 */
// eslint-disable-next-line max-lines-per-function -- the page wires its dialogs (edit, archive, add section) to their writes
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
  const toggleArchived = useAction(
    async (archived: boolean) => {
      await apiPut(key, { archived: !archived });
      snackbar(archived ? "Restored the course." : "Archived the course.", { tone: "success" });
      await Promise.all([reload(), mutate(COURSES_KEY)]);
    },
    { failed: GENERIC_FAILURE },
  ).run;

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
      <CourseHeading
        course={course}
        canStar={user.account_type === "staff"}
        canEdit={canEdit}
        onStarred={() => Promise.all([reload(), mutate("/api/starred")])}
        onEdit={() => setEditing(true)}
        onArchive={() => setArchiving(true)}
      />

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <CourseMeetings blocks={course.blocks} />
        <Panel title="Students" plain>
          <MemberTable label={`Students in ${course.name}`} members={course.students} />
        </Panel>
      </div>

      <CourseSections
        course={course}
        canEdit={canEdit}
        onAdd={() => setAddingSection(true)}
        onChanged={() => Promise.all([reload(), mutate(COURSES_KEY)])}
      />

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
            onConfirm={() => toggleArchived(course.archived)}
          />
        </>
      )}
    </div>
  );
}
