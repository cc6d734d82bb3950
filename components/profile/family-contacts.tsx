"use client";

import { Trash2, UserPlus, Users } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { snackbar } from "@/components/ui/snackbar";
import { inputClasses, TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError, apiDelete, apiPost, fetcher, messageOf } from "@/lib/api/request.client";
import type { GuardianView } from "@/lib/guardians/schemas";
import { isShippedLocale, LOCALES, LOCALE_NAMES } from "@/lib/i18n/locales";
import { SelectField } from "@/components/people/select-field";

const RELATIONSHIPS = [
  { value: "parent", label: "Parent" },
  { value: "guardian", label: "Guardian" },
  { value: "relative", label: "Relative" },
] as const;

const SOURCE_LABEL: Record<GuardianView["source"], string> = {
  manual: "Added by hand",
  csv: "From a CSV import",
  oneroster: "From OneRoster",
};

const relationshipLabel = (value: string) => RELATIONSHIPS.find((r) => r.value === value)?.label ?? value;

/**
 * The student profile's "Family contacts": who gets the weekly Focus Block summary. Administrators
 * see addresses, add and remove; teachers see names and relationship only (the API leaves addresses out).
 */
export function FamilyContacts({ studentId, studentName, canEdit }: { studentId: number; studentName: string; canEdit: boolean }) {
  const key = `/api/students/${studentId}/guardians`;
  const list = useSWR<{ guardians: GuardianView[]; addresses_shown: boolean }>(key, fetcher);
  const [removing, setRemoving] = useState<GuardianView | null>(null);
  const headingId = useId();

  const remove = async () => {
    if (!removing) return;
    await apiDelete(`${key}/${removing.id}`);
    snackbar(`${removing.name || removing.email} was removed from the family contacts.`);
    await list.mutate();
  };

  const contacts = list.data?.guardians ?? [];
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="family-contacts">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Family contacts
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {canEdit
          ? `They get a weekly summary of ${studentName}'s Focus Blocks by email when the school turns it on. They have no account.`
          : "They get a weekly summary of the student's Focus Blocks by email. Only administrators see their addresses."}
      </p>
      {list.error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {messageOf(list.error, "The family contacts could not be loaded.")}
        </p>
      ) : !list.data ? (
        <p className="mt-3 text-sm text-slate-600">Loading…</p>
      ) : contacts.length === 0 ? (
        <EmptyState
          className="py-6"
          icon={<Users />}
          title="No family contacts yet."
          description={canEdit ? "Add a parent or guardian below, or import them from your SIS." : undefined}
        />
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {contacts.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">
                  {g.name || g.email}
                  <span className="font-normal text-slate-600"> · {relationshipLabel(g.relationship)}</span>
                </p>
                {g.email && (
                  <p className="text-sm break-all text-slate-700">
                    {g.email}
                    {g.locale && isShippedLocale(g.locale) && <span className="text-slate-600"> · {LOCALE_NAMES[g.locale]}</span>}
                    <span className="text-slate-600"> · {SOURCE_LABEL[g.source]}</span>
                  </p>
                )}
              </div>
              {canEdit && (
                <Button variant="ghost" size="sm" onClick={() => setRemoving(g)} aria-label={`Remove ${g.name || g.email}`}>
                  <Trash2 aria-hidden className="size-4" />
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && <AddContactForm url={key} onAdded={() => list.mutate()} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this family contact?"
        description={removing ? `${removing.name || removing.email} will no longer get ${studentName}'s weekly summary.` : undefined}
        confirmLabel="Remove"
        destructive
        onConfirm={remove}
      />
    </section>
  );
}

function RelationshipField({ value, onChange, invalid }: { value: string; onChange: (value: string) => void; invalid: boolean }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Relationship
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={inputClasses(invalid)}>
        {RELATIONSHIPS.map((r) => (
          <option key={r.value} value={r.value}>
            {r.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function AddContactForm({ url, onAdded }: { url: string; onAdded: () => unknown }) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [relationship, setRelationship] = useState("parent");
  const [locale, setLocale] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const add = useAction(
    async () => {
      await apiPost(url, { name, email, relationship, locale: locale || null });
      snackbar(`${name.trim()} was added to the family contacts.`);
      setName("");
      setEmail("");
      await onAdded();
    },
    {
      // Said in the form: by the field it is about, else above the button.
      handled: (failure) => {
        if (failure instanceof ApiClientError && Object.keys(failure.errors).length) {
          setErrors(Object.fromEntries(Object.entries(failure.errors).map(([field, messages]) => [field, messages[0] ?? ""])));
        } else if (failure instanceof ApiClientError && failure.code === "guardian_exists") {
          setErrors({ email: failure.message });
        } else {
          setFormError(messageOf(failure, "The contact could not be added. Please try again."));
        }
        return true;
      },
    },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    const missing: Record<string, string> = {};
    if (!name.trim()) missing.name = "Enter their name.";
    if (!email.trim()) missing.email = "Enter their email address.";
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    await add.run();
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 border-t border-slate-100 pt-4" aria-label="Add a family contact">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">Add a family contact</h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_10rem_10rem]">
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoComplete="off" maxLength={100} />
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          autoComplete="off"
          inputMode="email"
        />
        <RelationshipField value={relationship} onChange={setRelationship} invalid={Boolean(errors.relationship)} />
        <SelectField
          label="Language"
          value={locale}
          onChange={(e) => setLocale(e.target.value)}
          error={errors.locale}
          options={[{ value: "", label: "The school's" }, ...LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))]}
        />
      </div>
      {formError && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {formError}
        </p>
      )}
      <div className="mt-3 flex justify-end">
        <Button type="submit" loading={add.busy}>
          <UserPlus aria-hidden className="size-4" />
          Add contact
        </Button>
      </div>
    </form>
  );
}
