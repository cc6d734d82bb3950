"use client";

import { BookX, CalendarClock, GraduationCap } from "lucide-react";
import Link from "next/link";
import useSWR, { useSWRConfig } from "swr";
import { useSignedInUser } from "@/components/auth/use-auth";
import { StarToggle } from "@/components/profile/star-toggle";
import { Badge } from "@/components/ui/badge";
import { focusRing } from "@/components/ui/button";
import { usePageTitle } from "@/components/ui/page-title";
import { Spinner } from "@/components/ui/spinner";
import { ApiClientError } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import type { CoursePage } from "@/lib/courses/present";
import { MemberTable } from "./member-table";
import { LoadError, NotFoundPanel, PageHeading, Panel } from "./page-parts";

/** /courses/{short_name}: a course's teacher, meetings and students, with the star toggle. */
export function CoursePageView({ shortName }: { shortName: string }) {
  const { user } = useSignedInUser();
  const { mutate } = useSWRConfig();
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
            {user.account_type === "staff" && (
              <StarToggle
                itemType="course"
                itemId={course.id}
                starred={course.starred}
                name={course.name}
                onChanged={() => Promise.all([reload(), mutate("/api/starred")])}
              />
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
    </div>
  );
}
