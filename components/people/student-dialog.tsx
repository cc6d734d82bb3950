"use client";

import { Pencil } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { PasswordConfirmDialog } from "@/components/ui/password-confirm-dialog";
import { snackbar } from "@/components/ui/snackbar";
import { ApiClientError, apiPost, apiPut } from "@/lib/api/client";
import type { StudentItem } from "@/lib/people/present";
import { AddDialog } from "./add-dialog";
import { CreatedPanel } from "./created-panel";
import { LazyCsvWizard as CsvWizard } from "./lazy-wizard";
import { SAVE_FAILED, showFieldErrors } from "./server-errors";
import { StudentFields, useStudentForm, type StudentFormValues } from "./student-form";

type Created = StudentItem & { initial_password: string };
const FIELDS = ["first_name", "last_name", "initials", "student_number", "grade", "default_teacher_id"] as const;

/** What the Edit dialog needs of a student profile. */
export interface EditableStudent {
  id: number;
  first_name: string;
  last_name: string;
  initials: string;
  grade: number;
  /** Staff see it on the profile; absent means none. */
  default_teacher?: { id: number; name: string } | null;
}

/** /students' Add Student button and dialog (administrators and sysadmins). */
export function AddStudentButton() {
  return (
    <AddDialog
      what="Student"
      single={(close) => <AddStudentSingle close={close} />}
      upload={(close) => <CsvWizard kind="students" close={close} />}
    />
  );
}

function AddStudentSingle({ close }: { close: () => void }) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const form = useStudentForm(null);
  const [pending, setPending] = useState<StudentFormValues | null>(null);
  const [created, setCreated] = useState<(Created & { student_number: string }) | null>(null);

  async function create(password: string) {
    try {
      const student = await apiPost<Created>("/api/students", { ...pending, password });
      setCreated({ ...student, student_number: pending!.student_number });
      setPending(null);
      form.reset();
      void mutate("/api/students");
      snackbar("Student created.", {
        tone: "success",
        action: { label: "See Profile", onClick: () => router.push(`/students/${student.id}`) },
      });
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 401) throw error;
      setPending(null);
      if (!showFieldErrors(error, form.setError, FIELDS)) snackbar(SAVE_FAILED, { tone: "error" });
      throw error;
    }
  }

  if (created) {
    return (
      <CreatedPanel
        message="Student created."
        name={created.name}
        username={created.student_number}
        password={created.initial_password}
        profileHref={`/students/${created.id}`}
        onAnother={() => setCreated(null)}
        onDone={close}
      />
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <StudentFields form={form} editing={false} id="add-student-form" onSubmit={setPending} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" form="add-student-form">
          Create
        </Button>
      </div>
      <PasswordConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Create student accounts"
        description={
          pending
            ? `Create an account for ${pending.first_name} ${pending.last_name} (${pending.student_number})? Enter your password to confirm.`
            : undefined
        }
        confirmLabel="Create"
        onConfirm={create}
      />
    </div>
  );
}

/** A student profile's Edit button (administrators and sysadmins): names, initials, grade and default teacher. */
export function EditStudentButton({
  student,
  onSaved,
}: {
  student: EditableStudent;
  onSaved: () => unknown;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Pencil aria-hidden className="size-4" /> Edit
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Edit Student" size="lg">
        {open && <EditStudentForm student={student} close={() => setOpen(false)} onSaved={onSaved} />}
      </Dialog>
    </>
  );
}

function EditStudentForm({
  student,
  close,
  onSaved,
}: {
  student: EditableStudent;
  close: () => void;
  onSaved: () => unknown;
}) {
  const { first_name, last_name, initials, grade } = student;
  const form = useStudentForm({
    first_name,
    last_name,
    initials,
    grade,
    student_number: "",
    default_teacher_id: student.default_teacher?.id ?? null,
  });
  const [busy, setBusy] = useState(false);
  async function save(values: StudentFormValues) {
    setBusy(true);
    try {
      const { student_number: _number, ...fields } = values;
      await apiPut(`/api/students/${student.id}`, fields);
      snackbar("Student updated.", { tone: "success" });
      close();
      await onSaved();
    } catch (error) {
      if (!showFieldErrors(error, form.setError, FIELDS)) snackbar(SAVE_FAILED, { tone: "error" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col gap-5 pb-2">
      <StudentFields form={form} editing id="edit-student-form" onSubmit={(values) => void save(values)} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form="edit-student-form" loading={busy}>
          Save
        </Button>
      </div>
    </div>
  );
}
