"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type DefaultValues, type FieldValues, type UseFormRegisterReturn } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "@/components/ui/text-field";

/**
 * The Add/Edit form state of a staff member or a student: `initial` null is the Add form (the create
 * schema, starting from `empty`); otherwise the Edit form, checked by the update schema, whose output is
 * the create schema's shape minus the username field.
 */
export function usePersonForm<Input extends FieldValues, Values extends FieldValues>(
  create: z.ZodType<Values, Input>,
  update: z.ZodType,
  initial: Input | null,
  empty: Input,
) {
  return useForm<Input, unknown, Values>({
    resolver: zodResolver(initial ? (update as unknown as typeof create) : create),
    defaultValues: (initial ?? empty) as DefaultValues<Input>,
  });
}

/** A required name field (First name, Last name). */
export function NameField({
  label,
  error,
  registration,
}: {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return <TextField label={label} required autoComplete="off" error={error} {...registration} />;
}

/** Initials: up to 2 letters, upper-cased as typed; typing marks them as edited (no longer derived). */
export function InitialsField({
  error,
  registration,
  markEdited,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn;
  markEdited: () => void;
}) {
  return (
    <TextField
      label="Initials"
      required
      maxLength={2}
      hint="Up to 2 letters"
      error={error}
      {...registration}
      onChange={(event) => {
        markEdited();
        event.target.value = event.target.value.toUpperCase();
        return registration.onChange(event);
      }}
    />
  );
}
