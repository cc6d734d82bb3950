"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFieldArray, useForm, type UseFormReturn } from "react-hook-form";
import useSWR from "swr";
import { ADMIN_ROLES } from "@/components/auth/types";
import { useSignedInUser } from "@/components/auth/use-auth";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { IconButton } from "@/components/ui/icon-button";
import { LoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { snackbar } from "@/components/ui/snackbar";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { useLeaveWarning } from "@/components/ui/use-leave-warning";
import { apiPut } from "@/lib/api/request.client";
import { schoolYearBody, type SchoolYearBody } from "@/lib/calendar/schemas";
import type { DayTypeChange, DryRun, SchoolYear } from "./api-types";
import { CalendarTabs } from "./calendar-tabs";
import { SCHOOL_YEAR_KEY } from "./calendar-screen";
import { DayTypeChanges } from "./day-type-changes";
import { mediumDateLabel } from "./month";
import { FormError, placeServerErrors } from "./server-errors";
import { YearGlance } from "./year-glance";

type YearForm = SchoolYearBody;

const toForm = (year: SchoolYear): YearForm => ({
  start: year.start ?? "",
  end: year.end ?? "",
  attendance_from: year.attendance_from ?? "",
  terms: year.terms.map(({ name, start, end }) => ({ name, start, end })),
});

/**
 * /calendar/year: the school year's dates, when attendance starts counting, and its terms.
 * Administrators change them; other staff read them (the server refuses their saves).
 */
export function YearScreen() {
  const { user } = useSignedInUser();
  const canEdit = ADMIN_ROLES.includes(user.role);
  const { data, error, mutate } = useSWR<SchoolYear>(SCHOOL_YEAR_KEY);
  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageHeader
        title="School year"
        description={
          canEdit
            ? "The first and last day of school, when attendance starts counting, and the terms."
            : "The first and last day of school, when attendance starts counting, and the terms. Administrators change them."
        }
      />
      <CalendarTabs />
      {error ? (
        <LoadError error={error} what="school year" onRetry={() => mutate()} />
      ) : !data ? (
        <Spinner label="Loading the school year" />
      ) : canEdit ? (
        <YearForm year={data} onSaved={(saved) => mutate(saved, { revalidate: true })} />
      ) : (
        <YearView year={data} />
      )}
    </div>
  );
}

/** The school year for staff who may not change it: the year at a glance and its terms. */
function YearView({ year }: { year: SchoolYear }) {
  return (
    <div className="flex flex-col gap-6">
      <YearGlance year={year} error={null} onRetry={() => undefined} canEdit={false} />
      <section aria-labelledby="terms-heading" className="flex flex-col gap-3">
        <h2 id="terms-heading" className="text-base font-semibold text-slate-900">
          Terms
        </h2>
        {year.terms.length === 0 ? (
          <p className="text-sm text-slate-600">No terms yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
            {year.terms.map((term) => (
              <li key={term.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-2">
                <span className="font-medium text-slate-900">{term.name}</span>
                <span className="text-slate-700 tabular-nums">
                  {mediumDateLabel(term.start)} – {mediumDateLabel(term.end)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="text-sm text-slate-600">Only administrators change the school year.</p>
    </div>
  );
}

function YearForm({ year, onSaved }: { year: SchoolYear; onSaved: (saved: SchoolYear) => unknown }) {
  const form = useForm<YearForm>({ resolver: zodResolver(schoolYearBody), defaultValues: toForm(year) });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const [pending, setPending] = useState<{ values: YearForm; changes: DayTypeChange[] } | null>(null);
  useLeaveWarning(
    isDirty && !isSubmitting && pending === null,
    "The school year has changes you have not saved. Leave anyway?",
  );

  async function save(values: YearForm) {
    const saved = await apiPut<SchoolYear>(SCHOOL_YEAR_KEY, values);
    reset(toForm(saved ?? { ...values }));
    await onSaved(saved);
    snackbar("Saved the school year.", { tone: "success" });
  }

  // First the server's dry run: new dates that move school days' day types (a rotation) show those dates first.
  const submit = handleSubmit(async (values) => {
    try {
      const preview = await apiPut<DryRun>(SCHOOL_YEAR_KEY, { ...values, dry_run: true });
      if (preview.day_type_changes.length > 0) setPending({ values, changes: preview.day_type_changes });
      else await save(values);
    } catch (failure) {
      placeServerErrors(failure, setError, (path) => path);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-8">
      <DatesFieldset form={form} />
      <TermsFieldset form={form} />
      <FormError message={errors.root?.server?.message} />
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting}>
          Save school year
        </Button>
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Change the day type of school days?"
        description="The new dates change which school days there are, and so the day types that follow."
        confirmLabel="Save and change them"
        onConfirm={async () => {
          if (!pending) return;
          try {
            await save(pending.values);
          } catch (failure) {
            placeServerErrors(failure, setError, (path) => path);
          }
        }}
      >
        {pending && <DayTypeChanges changes={pending.changes} />}
      </ConfirmDialog>
    </form>
  );
}

/** The year's first and last day, and when attendance starts counting. */
function DatesFieldset({ form }: { form: UseFormReturn<YearForm> }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-base font-semibold text-slate-900">Dates</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First day of school"
          type="date"
          required
          error={errors.start?.message}
          {...register("start")}
        />
        <TextField
          label="Last day of school"
          type="date"
          required
          error={errors.end?.message}
          {...register("end")}
        />
      </div>
      <TextField
        label="Attendance counts from"
        type="date"
        required
        containerClassName="sm:max-w-[calc(50%-0.5rem)]"
        hint="Nobody is absent before this date: Focus Blocks before it are never counted as missed, in reports or the SIS export. Set it to the day the school starts taking attendance in Flexblock. Students added later are counted from the first Focus Block that starts after their account was created."
        error={errors.attendance_from?.message}
        {...register("attendance_from")}
      />
    </fieldset>
  );
}

/** The terms, in order: each a name and its dates, added and removed here. */
function TermsFieldset({ form }: { form: UseFormReturn<YearForm> }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const terms = useFieldArray({ control, name: "terms" });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-base font-semibold text-slate-900">Terms</legend>
      <p className="text-sm text-slate-600">
        Semesters or quarters. The calendar counts Focus Blocks in each term.
      </p>
      {terms.fields.length === 0 && <p className="text-sm text-slate-600">No terms yet.</p>}
      <ol className="flex flex-col gap-3">
        {terms.fields.map((field, index) => (
          <li
            key={field.id}
            className="grid items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[minmax(0,1fr)_10rem_10rem_auto] sm:border-0 sm:p-0"
          >
            <TextField
              label={`Term ${index + 1} name`}
              maxLength={60}
              error={errors.terms?.[index]?.name?.message}
              {...register(`terms.${index}.name`)}
            />
            <TextField
              label={`Term ${index + 1} start`}
              type="date"
              error={errors.terms?.[index]?.start?.message}
              {...register(`terms.${index}.start`)}
            />
            <TextField
              label={`Term ${index + 1} end`}
              type="date"
              error={errors.terms?.[index]?.end?.message}
              {...register(`terms.${index}.end`)}
            />
            <IconButton
              label={`Remove term ${index + 1}`}
              icon={<Trash2 className="size-4" />}
              className="sm:mt-7"
              onClick={() => terms.remove(index)}
            />
          </li>
        ))}
      </ol>
      <FormError message={errors.terms?.root?.message ?? errors.terms?.message} />
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        onClick={() => terms.append({ name: `Term ${terms.fields.length + 1}`, start: "", end: "" })}
      >
        <Plus aria-hidden className="size-4" />
        Add term
      </Button>
    </fieldset>
  );
}
