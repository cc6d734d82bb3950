"use client";

import { History, UserPlus, UserMinus } from "lucide-react";
import { useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { snackbar } from "@/components/ui/snackbar";
import { messageOf } from "@/lib/api/request.client";
import type { Member } from "@/lib/courses/present";
import type { Enrollment, Section } from "@/lib/sections/present";
import { Spinner } from "@/components/ui/spinner";
import { EnrolDialog } from "./enrol-dialog";
import { ArchiveSectionDialog, DropStudentDialog } from "./section-confirms";
import { MemberTable } from "./member-table";
import { SectionDialog } from "./section-dialog";
import { SectionHeader } from "./section-header";

/**
 * One section of a course: its code, term, teachers and meetings, and its class list. Administrators
 * edit and archive it, enrol students and drop them (the enrolment stays in its history).
 */
// eslint-disable-next-line max-lines-per-function -- the section's header, members and dialogs are one panel
export function SectionPanel({
  section,
  courseName,
  courseShortName,
  canEdit,
  onChanged,
}: {
  section: Section;
  courseName: string;
  courseShortName: string;
  canEdit: boolean;
  onChanged: () => unknown;
}) {
  const [editing, setEditing] = useState(false);
  const [enrolling, setEnrolling] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const [dropping, setDropping] = useState<Member | null>(null);
  const headingId = `section-${section.id}-heading`;
  const members = section.students;

  return (
    <section
      id={`section-${section.id}`}
      aria-labelledby={headingId}
      className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <SectionHeader
        section={section}
        headingId={headingId}
        canEdit={canEdit}
        onEdit={() => setEditing(true)}
        onArchive={() => setArchiving(true)}
        printHref={`/courses/${encodeURIComponent(courseShortName)}/print?section=${section.id}`}
      />
      <MemberTable
        label={`Class list of ${courseName} ${section.code}`}
        members={members}
        actions={
          canEdit && (
            <Button size="sm" onClick={() => setEnrolling(true)}>
              <UserPlus aria-hidden className="size-4" />
              Enrol students
            </Button>
          )
        }
        rowAction={
          canEdit
            ? {
                header: "Drop",
                cell: (m) => (
                  <IconButton
                    label={`Drop ${m.first_name} ${m.last_name} from ${section.code}`}
                    icon={<UserMinus className="size-4" />}
                    onClick={(event) => {
                      event.stopPropagation();
                      setDropping(m);
                    }}
                  />
                ),
              }
            : undefined
        }
      />
      <EnrolmentHistory sectionId={section.id} />
      {canEdit && (
        <>
          <SectionDialog
            open={editing}
            onOpenChange={setEditing}
            courseShortName={courseShortName}
            section={section}
            onSaved={async () => {
              setEditing(false);
              snackbar(`Saved section ${section.code}.`, { tone: "success" });
              await onChanged();
            }}
          />
          <EnrolDialog
            open={enrolling}
            onOpenChange={setEnrolling}
            section={section}
            courseName={courseName}
            onEnrolled={async () => {
              setEnrolling(false);
              await onChanged();
            }}
          />
          <ArchiveSectionDialog section={section} open={archiving} onOpenChange={setArchiving} onChanged={onChanged} />
          <DropStudentDialog
            section={section}
            courseName={courseName}
            dropping={dropping}
            onClose={() => setDropping(null)}
            onChanged={onChanged}
          />
        </>
      )}
    </section>
  );
}

/** The section's dropped and ended enrolments (GET /api/sections/{id}/enrollments' history), read when opened. */
function EnrolmentHistory({ sectionId }: { sectionId: number }) {
  const [open, setOpen] = useState(false);
  const { data, error } = useSWR<{ history: Enrollment[] }>(open ? `/api/sections/${sectionId}/enrollments` : null);
  const listId = `section-${sectionId}-history`;
  return (
    <div className="mt-3">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <History aria-hidden className="size-4" />
        {open ? "Hide enrolment history" : "Enrolment history"}
      </Button>
      {open && (
        <div id={listId} className="mt-2 text-sm text-slate-700">
          {error ? (
            <p role="alert" className="text-red-700">
              {messageOf(error, "The history could not be loaded.")}
            </p>
          ) : !data ? (
            <Spinner label="Loading the history" className="flex py-2 text-indigo-600" />
          ) : data.history.length === 0 ? (
            <p className="text-slate-600">Nobody has left this section.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
              {data.history.map((e) => (
                <li key={e.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                  <span>
                    {e.student.last_name}, {e.student.first_name}
                  </span>
                  <span className="text-slate-600">
                    {e.dropped_at ? "Dropped" : "Ended"}
                    {e.end_date ? ` · last day ${e.end_date}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
