"use client";

import { useContext } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { AuthContext } from "@/components/auth/auth-context";
import { Checkbox } from "@/components/ui/checkbox";
import { TextField } from "@/components/ui/text-field";
import { STAFF_ACCOUNT_FIELD_MESSAGES } from "@/lib/auth/account-changes";
import { STAFF_TITLE_CHOICES } from "@/lib/people/names";
import { staffCreateForm, staffUpdateBody } from "@/lib/people/schemas";
import { InitialsField, NameField, usePersonForm } from "./person-form";
import { SelectField } from "./select-field";
import { useDerivedInitials } from "./use-derived-initials";

export type StaffFormInput = z.input<typeof staffCreateForm>;
export type StaffFormValues = z.output<typeof staffCreateForm>;
export type StaffForm = UseFormReturn<StaffFormInput, unknown, StaffFormValues>;

/** Mr., Ms., Mrs., Mx., Dr. … and "No title" (printed as nothing: "Lovelace, Ada"). */
const TITLE_OPTIONS = STAFF_TITLE_CHOICES.map((title) => ({ value: title, label: title || "No title" }));

/** Spec §3: a new staff member is Mr. and not an administrator. */
export const NEW_STAFF: StaffFormInput = {
  email: "",
  title: "Mr.",
  first_name: "",
  last_name: "",
  initials: "",
  administrator: false,
};

/** The Add/Edit Staff form's state; a changed email also changes the sign-in username. */
export function useStaffForm(initial: StaffFormInput | null) {
  return usePersonForm(staffCreateForm, staffUpdateBody, initial, NEW_STAFF);
}

/** Email (when editing, the sign-in username follows it), title, names, initials (derived until edited) and the administrator flag. */
export function StaffFields({
  form,
  editing,
  id,
  onSubmit,
}: {
  form: StaffForm;
  editing: boolean;
  id: string;
  onSubmit: (values: StaffFormValues) => void;
}) {
  const { register, formState, watch, setValue } = form;
  const errors = formState.errors;
  const markEdited = useDerivedInitials(form, editing);
  // An administrator's email and flag are a sysadmin's to change (the server refuses anyone else): shown
  // as they are, read-only, with the reason, rather than offered and then refused.
  const viewer = useContext(AuthContext)?.user?.role;
  const sysadminOnly = editing && Boolean(formState.defaultValues?.administrator) && viewer !== "sysadmin";
  // Registered in the order shown, so a failed submit focuses the first field in error.
  const email = register("email");
  const firstName = register("first_name");
  const lastName = register("last_name");
  const title = register("title");
  const initials = register("initials");
  return (
    <form id={id} noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        required
        containerClassName="sm:col-span-2"
        readOnly={sysadminOnly}
        hint={
          sysadminOnly
            ? STAFF_ACCOUNT_FIELD_MESSAGES.email
            : editing
              ? "Their sign-in username: after a change they sign in with the new email."
              : undefined
        }
        error={errors.email?.message}
        {...email}
      />
      <NameField label="First name" error={errors.first_name?.message} registration={firstName} />
      <NameField label="Last name" error={errors.last_name?.message} registration={lastName} />
      <SelectField label="Title" options={TITLE_OPTIONS} error={errors.title?.message} {...title} />
      <InitialsField error={errors.initials?.message} registration={initials} markEdited={markEdited} />
      <Checkbox
        className="sm:col-span-2"
        label="Administrator"
        checked={Boolean(watch("administrator"))}
        onCheckedChange={(checked) => setValue("administrator", checked, { shouldDirty: true })}
        disabled={sysadminOnly}
      />
      {sysadminOnly && <p className="-mt-2 text-xs text-slate-600 sm:col-span-2">{STAFF_ACCOUNT_FIELD_MESSAGES.administrator}</p>}
      {errors.administrator?.message && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {errors.administrator.message}
        </p>
      )}
    </form>
  );
}
