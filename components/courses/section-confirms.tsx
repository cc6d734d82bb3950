import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { GENERIC_FAILURE, apiDelete } from "@/lib/api/request.client";
import type { Member } from "@/lib/courses/present";
import type { Section } from "@/lib/sections/present";

/** "Archive section A?": DELETE /api/sections/{id} (the enrolments and their history are kept). */
export function ArchiveSectionDialog({
  section,
  open,
  onOpenChange,
  onChanged,
}: {
  section: Section;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged: () => unknown;
}) {
  const archive = useAction(
    async () => {
      await apiDelete(`/api/sections/${section.id}`);
      snackbar(`Archived section ${section.code}.`, { tone: "success" });
      await onChanged();
    },
    { failed: GENERIC_FAILURE },
  );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Archive section ${section.code}?`}
      description="It leaves the course page and the students' and teachers' weeks. Its enrolments and their history are kept."
      confirmLabel="Archive section"
      destructive
      onConfirm={archive.run}
    />
  );
}

/** "Drop Ada Lovelace?": ends the student's enrolment in the section from today. */
export function DropStudentDialog({
  section,
  courseName,
  dropping,
  onClose,
  onChanged,
}: {
  section: Section;
  courseName: string;
  dropping: Member | null;
  onClose: () => void;
  onChanged: () => unknown;
}) {
  const drop = useAction(
    async (member: Member) => {
      await apiDelete(`/api/sections/${section.id}/enrollments/${member.id}`);
      snackbar(`Dropped ${member.first_name} ${member.last_name}.`, { tone: "success" });
      onClose();
      await onChanged();
    },
    { failed: GENERIC_FAILURE },
  );
  return (
    <ConfirmDialog
      open={dropping !== null}
      onOpenChange={(open) => !open && onClose()}
      title={dropping ? `Drop ${dropping.first_name} ${dropping.last_name}?` : "Drop the student?"}
      description={`They leave ${courseName} ${section.code} from today: the class no longer shows in their week. Their enrolment stays in the history.`}
      confirmLabel="Drop"
      destructive
      onConfirm={async () => {
        if (dropping) await drop.run(dropping);
      }}
    />
  );
}
