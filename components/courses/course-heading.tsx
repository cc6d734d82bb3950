import { Archive, ArchiveRestore, GraduationCap, Pencil } from "lucide-react";
import Link from "next/link";
import { StarToggle } from "@/components/profile/star-toggle";
import { Badge } from "@/components/ui/badge";
import { Button, focusRing } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { CoursePage } from "@/lib/courses/present";
import { PageHeading } from "./page-parts";

/** The course's name, short name and badges, its star, the administrators' Edit and Archive, and who teaches it. */
export function CourseHeading({
  course,
  canStar,
  canEdit,
  onStarred,
  onEdit,
  onArchive,
}: {
  course: CoursePage;
  canStar: boolean;
  canEdit: boolean;
  onStarred: () => Promise<unknown>;
  onEdit: () => void;
  onArchive: () => void;
}) {
  return (
    <PageHeading
      className="mb-6"
      icon={<GraduationCap className="size-7" />}
      iconClassName="bg-indigo-100 text-indigo-700"
      title={course.name}
      extras={
        <>
          <Badge>{course.short_name}</Badge>
          {course.archived && <Badge>Archived</Badge>}
          {canStar && (
            <StarToggle
              itemType="course"
              itemId={course.id}
              starred={course.starred}
              name={course.name}
              onChanged={onStarred}
            />
          )}
          {canEdit && (
            <>
              <Button variant="secondary" size="sm" onClick={onEdit}>
                <Pencil aria-hidden className="size-4" />
                Edit course
              </Button>
              <Button variant="secondary" size="sm" onClick={onArchive}>
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
  );
}
