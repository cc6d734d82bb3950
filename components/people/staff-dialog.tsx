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
import type { StaffListItem } from "@/lib/people/lists";
import { AddDialog } from "./add-dialog";
import { CreatedPanel } from "./created-panel";
import { LazyCsvWizard as CsvWizard } from "./lazy-wizard";
import { SAVE_FAILED, showFieldErrors } from "./server-errors";
import { STAFF_TITLES } from "@/lib/people/names";
import { StaffFields, useStaffForm, type StaffFormValues } from "./staff-form";

/** What the Edit dialog needs of a staff profile. */
export interface EditableStaff {
  id: number;
  first_name: string;
  last_name: string;
  title: string;
  initials: string;
  administrator: boolean;
}

type Created = StaffListItem & { initial_password: string };
const FIELDS = ["email", "title", "first_name", "last_name", "initials", "administrator"] as const;

/** /staff's Add Staff button and dialog (administrators and sysadmins). */
export function AddStaffButton() {
  return (
    <AddDialog
      what="Staff"
      single={(close) => <AddStaffSingle close={close} />}
      upload={(close) => <CsvWizard kind="staff" close={close} />}
    />
  );
}

function AddStaffSingle({ close }: { close: () => void }) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const form = useStaffForm(null);
  const [pending, setPending] = useState<StaffFormValues | null>(null);
  const [created, setCreated] = useState<Created | null>(null);

  async function create(password: string) {
    try {
      const staff = await apiPost<Created>("/api/staff", { ...pending, password });
      setPending(null);
      setCreated(staff);
      form.reset();
      void mutate("/api/staff");
      snackbar("Staff created.", {
        tone: "success",
        action: { label: "See Profile", onClick: () => router.push(`/staff/${staff.id}`) },
      });
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 401) throw error; // the confirmation says so
      setPending(null);
      if (!showFieldErrors(error, form.setError, FIELDS)) snackbar(SAVE_FAILED, { tone: "error" });
      throw error;
    }
  }

  if (created) {
    return (
      <CreatedPanel
        message="Staff created."
        name={created.name}
        username={created.email}
        password={created.initial_password}
        profileHref={`/staff/${created.id}`}
        onAnother={() => setCreated(null)}
        onDone={close}
      />
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <StaffFields form={form} editing={false} id="add-staff-form" onSubmit={setPending} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" form="add-staff-form">
          Create
        </Button>
      </div>
      <PasswordConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Create staff accounts"
        description={
          pending
            ? `Create an account for ${pending.first_name} ${pending.last_name} (${pending.email})? Enter your password to confirm.`
            : undefined
        }
        confirmLabel="Create"
        onConfirm={create}
      />
    </div>
  );
}

/** A staff profile's Edit button (administrators and sysadmins): names, title, initials, administrator. */
export function EditStaffButton({ staff, onSaved }: { staff: EditableStaff; onSaved: () => unknown }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Pencil aria-hidden className="size-4" /> Edit
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Edit Staff" size="lg">
        {open && <EditStaffForm staff={staff} close={() => setOpen(false)} onSaved={onSaved} />}
      </Dialog>
    </>
  );
}

function EditStaffForm({
  staff,
  close,
  onSaved,
}: {
  staff: EditableStaff;
  close: () => void;
  onSaved: () => unknown;
}) {
  const form = useStaffForm({
    email: "",
    title: STAFF_TITLES.find((title) => title === staff.title) ?? "Mr.",
    first_name: staff.first_name,
    last_name: staff.last_name,
    initials: staff.initials,
    administrator: staff.administrator,
  });
  const [busy, setBusy] = useState(false);
  async function save(values: StaffFormValues) {
    setBusy(true);
    try {
      const { email: _email, ...fields } = values;
      await apiPut(`/api/staff/${staff.id}`, fields);
      snackbar("Staff updated.", { tone: "success" });
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
      <StaffFields form={form} editing id="edit-staff-form" onSubmit={(values) => void save(values)} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form="edit-staff-form" loading={busy}>
          Save
        </Button>
      </div>
    </div>
  );
}
