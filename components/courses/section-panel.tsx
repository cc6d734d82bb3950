"use client";

import { Archive, History, Pencil, UserPlus, UserMinus } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import useSWR from "swr";
import { Badge } from "@/components/ui/badge";
import { Button, focusRing } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { IconButton } from "@/components/ui/icon-button";
import { snackbar } from "@/components/ui/snackbar";
import { apiDelete, messageOf } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import type { Member } from "@/lib/courses/present";
import type { Enrollment, Section } from "@/lib/sections/present";
import { Spinner } from "@/components/ui/spinner";
import { EnrolDialog } from "./enrol-dialog";
import { MemberTable } from "./member-table";
import { SectionDialog } from "./section-dialog";
import { meetingsLabel } from "./section-parts";

/**
 * One section of a course: its code, term, teachers and meetings, and its class list. Administrators
 * edit and archive it, enrol students and drop them (the enrolment stays in its history).
 */
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
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
            Section {section.code}
            {section.term && <Badge>{section.term.name}</Badge>}
          </h3>
          <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-sm text-slate-600 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium text-slate-700">Teachers</dt>
            <dd>
              {section.teachers.length === 0
                ? "No teacher"
                : section.teachers.map((t, i) => (
                    <span key={t.id}>
                      {i > 0 && " and "}
                      <Link href={`/staff/${t.id}`} className={cn("rounded text-indigo-700 hover:underline", focusRing)}>
                        {t.name}
                      </Link>
                    </span>
                  ))}
            </dd>
            <dt className="font-medium text-slate-700">Meets</dt>
            <dd>{meetingsLabel(section.meetings)}</dd>
          </dl>
        </div>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden className="size-4" />
              Edit<span className="sr-only"> section {section.code}</span>
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setArchiving(true)}>
              <Archive aria-hidden className="size-4" />
              Archive<span className="sr-only"> section {section.code}</span>
            </Button>
          </div>
        )}
      </div>
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
          <ConfirmDialog
            open={archiving}
            onOpenChange={setArchiving}
            title={`Archive section ${section.code}?`}
            description="It leaves the course page and the students' and teachers' weeks. Its enrolments and their history are kept."
            confirmLabel="Archive section"
            destructive
            onConfirm={async () => {
              try {
                await apiDelete(`/api/sections/${section.id}`);
                snackbar(`Archived section ${section.code}.`, { tone: "success" });
                await onChanged();
              } catch (failure) {
                snackbar(messageOf(failure), { tone: "error" });
              }
            }}
          />
          <ConfirmDialog
            open={dropping !== null}
            onOpenChange={(open) => !open && setDropping(null)}
            title={dropping ? `Drop ${dropping.first_name} ${dropping.last_name}?` : "Drop the student?"}
            description={`They leave ${courseName} ${section.code} from today: the class no longer shows in their week. Their enrolment stays in the history.`}
            confirmLabel="Drop"
            destructive
            onConfirm={async () => {
              if (!dropping) return;
              try {
                await apiDelete(`/api/sections/${section.id}/enrollments/${dropping.id}`);
                snackbar(`Dropped ${dropping.first_name} ${dropping.last_name}.`, { tone: "success" });
                setDropping(null);
                await onChanged();
              } catch (failure) {
                snackbar(messageOf(failure), { tone: "error" });
              }
            }}
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
