import { Layers, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { CoursePage } from "@/lib/courses/present";
import { SectionPanel } from "./section-panel";

/** A course's sections, each with its class list; administrators get New section. */
export function CourseSections({
  course,
  canEdit,
  onAdd,
  onChanged,
}: {
  course: CoursePage;
  canEdit: boolean;
  onAdd: () => void;
  onChanged: () => Promise<unknown>;
}) {
  return (
    <section aria-labelledby="course-sections" className="mt-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="course-sections" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Layers aria-hidden className="size-4 text-slate-500" />
          Sections
        </h2>
        {canEdit && (
          <Button size="sm" onClick={onAdd}>
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
              onChanged={onChanged}
            />
          ))}
        </div>
      )}
    </section>
  );
}
