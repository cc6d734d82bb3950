"use client";

import { Pencil } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type ComponentType } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { PasswordConfirmDialog } from "@/components/ui/password-confirm-dialog";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError, apiPost, apiPut } from "@/lib/api/request.client";
import { AddDialog } from "./add-dialog";
import { CreatedPanel } from "./created-panel";
import { LazyCsvWizard as CsvWizard } from "./lazy-wizard";
import { fieldErrorsOrSaveFailed } from "./server-errors";

/** What differs between the staff and the student Add/Edit dialogs: words, addresses and the form. */
export interface PersonKind<Input extends FieldValues, Values extends FieldValues> {
  /** The noun in titles and messages: "Staff" or "Student". */
  what: "Staff" | "Student";
  /** The API collection, the profile pages and the upload's kind: /api/<path>, /<path>/<id>. */
  path: "staff" | "students";
  /** The forms' ids: add-<form>-form, edit-<form>-form; the confirmation's "Create <form> accounts". */
  form: "staff" | "student";
  /** The fields a failed save's field errors may name. */
  fields: readonly Path<Input>[];
  /** The form's state: null for the Add form, the person's values for the Edit form. */
  useForm: (initial: Input | null) => UseFormReturn<Input, unknown, Values>;
  Fields: ComponentType<{
    form: UseFormReturn<Input, unknown, Values>;
    editing: boolean;
    id: string;
    onSubmit: (values: Values) => void;
  }>;
}

/** What the Add dialog needs to say about the account it created. */
interface AddWords<Values extends FieldValues, Created extends CreatedPerson> {
  /** What the confirmation names in brackets after the person's name (email, student number). */
  identify: (values: Values) => string;
  /** The username the created panel shows. */
  username: (created: Created, sent: Values) => string;
}

/** What the API answers for a created account. */
export interface CreatedPerson {
  id: number;
  name: string;
  initial_password: string;
}

/** /staff's Add Staff and /students' Add Student button and dialog: tabs Single and File Upload (`uploads`). */
export function AddPersonButton<
  Input extends FieldValues,
  Values extends FieldValues,
  Created extends CreatedPerson,
>({
  kind,
  uploads = true,
  ...words
}: { kind: PersonKind<Input, Values>; uploads?: boolean } & AddWords<Values, Created>) {
  return (
    <AddDialog
      what={kind.what}
      single={(close) => <AddPersonSingle kind={kind} {...words} close={close} />}
      upload={uploads ? (close) => <CsvWizard kind={kind.path} close={close} /> : undefined}
    />
  );
}

/**
 * The Add dialog's Single tab: the form, a password confirmation (spec §2), then the created account's
 * panel with its one-time password.
 */
function AddPersonSingle<
  Input extends FieldValues,
  Values extends FieldValues,
  Created extends CreatedPerson,
>({
  kind,
  identify,
  username,
  close,
}: { kind: PersonKind<Input, Values>; close: () => void } & AddWords<Values, Created>) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const form = kind.useForm(null);
  const [pending, setPending] = useState<Values | null>(null);
  const [created, setCreated] = useState<{ person: Created; username: string } | null>(null);

  const saveFailed = fieldErrorsOrSaveFailed(form.setError, kind.fields);
  const { run: create } = useAction(
    async (password: string) => {
      const person = await apiPost<Created>(`/api/${kind.path}`, { ...pending, password });
      setCreated({ person, username: username(person, pending!) });
      setPending(null);
      form.reset();
      void mutate(`/api/${kind.path}`);
      snackbar(`${kind.what} created.`, {
        tone: "success",
        action: { label: "See Profile", onClick: () => router.push(`/${kind.path}/${person.id}`) },
      });
    },
    {
      handled: (error) => {
        if (error instanceof ApiClientError && error.status === 401) return true; // the confirmation says so
        setPending(null);
        return saveFailed(error);
      },
      // The password confirmation stays open (a 401 under its field).
      rethrow: true,
    },
  );

  if (created) {
    return (
      <CreatedPanel
        message={`${kind.what} created.`}
        name={created.person.name}
        username={created.username}
        password={created.person.initial_password}
        profileHref={`/${kind.path}/${created.person.id}`}
        onAnother={() => setCreated(null)}
        onDone={close}
      />
    );
  }
  const id = `add-${kind.form}-form`;
  const { Fields } = kind;
  return (
    <div className="flex flex-col gap-5">
      <Fields form={form} editing={false} id={id} onSubmit={setPending} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" form={id}>
          Create
        </Button>
      </div>
      <PasswordConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={`Create ${kind.form} accounts`}
        description={
          pending
            ? `Create an account for ${pending.first_name} ${pending.last_name} (${identify(pending)})? Enter your password to confirm.`
            : undefined
        }
        confirmLabel="Create"
        onConfirm={create}
      />
    </div>
  );
}

interface EditProps<Input extends FieldValues, Values extends FieldValues> {
  kind: PersonKind<Input, Values>;
  /** The person's id: PUT /api/<path>/<id>. */
  id: number;
  /** The Edit form's starting values. */
  initial: Input;
  /** What of the form's values the PUT sends (the username field left out). */
  body: (values: Values) => object;
  onSaved: () => unknown;
}

/** A profile's Edit button and its dialog; the form is made only while the dialog is open. */
export function EditPersonButton<Input extends FieldValues, Values extends FieldValues>(
  props: EditProps<Input, Values>,
) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Pencil aria-hidden className="size-4" /> Edit
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={`Edit ${props.kind.what}`} size="lg">
        {open && <EditPersonForm {...props} close={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

/** The Edit dialog's form: PUT the fields `body` keeps, then close and reload. */
function EditPersonForm<Input extends FieldValues, Values extends FieldValues>({
  kind,
  id,
  initial,
  body,
  close,
  onSaved,
}: EditProps<Input, Values> & { close: () => void }) {
  const form = kind.useForm(initial);
  const { run: save, busy } = useAction(
    async (values: Values) => {
      await apiPut(`/api/${kind.path}/${id}`, body(values));
      snackbar(`${kind.what} updated.`, { tone: "success" });
      close();
      await onSaved();
    },
    { handled: fieldErrorsOrSaveFailed(form.setError, kind.fields) },
  );
  const formId = `edit-${kind.form}-form`;
  const { Fields } = kind;
  return (
    <div className="flex flex-col gap-5 pb-2">
      <Fields form={form} editing id={formId} onSubmit={(values) => void save(values)} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form={formId} loading={busy}>
          Save
        </Button>
      </div>
    </div>
  );
}
