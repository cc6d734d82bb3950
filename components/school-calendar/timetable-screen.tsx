"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import useSWR from "swr";
import { useSchoolTimezone } from "@/components/audit/use-school-time";
import { ADMIN_ROLES } from "@/components/auth/types";
import { useSignedInUser } from "@/components/auth/use-auth";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { snackbar } from "@/components/ui/snackbar";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { useLeaveWarning } from "@/components/ui/use-leave-warning";
import { apiPut } from "@/lib/api/request.client";
import { addDays, schoolToday } from "@/lib/core/time";
import type { TimetableBody } from "@/lib/calendar/schemas";
import type { DayTypeChange, DryRun, SchoolDays, Timetable } from "./api-types";
import { BellSchedules } from "./bell-schedules";
import { BlockGrid } from "./block-grid";
import { CalendarTabs } from "./calendar-tabs";
import { ChoiceField } from "./choice-field";
import { CycleFields, type CycleOnDate } from "./cycle-fields";
import { DayTypeChanges } from "./day-type-changes";
import { mediumDateLabel } from "./month";
import { FormError, placeServerErrors } from "./server-errors";
import { timetableForm, timetableToForm, toTimetableBody, type TimetableFormValues } from "./timetable-form";
import { TimetableView } from "./timetable-view";

/**
 * The date a new version takes effect from by default: today while no attendance has been taken (the
 * API's earliest_effective_from is null), otherwise tomorrow or the earliest date attendance does not rest on.
 */
export function defaultEffectiveFrom(today: string, earliest: string | null): string {
  if (earliest === null) return today;
  const tomorrow = addDays(today, 1);
  return earliest > tomorrow ? earliest : tomorrow;
}

/**
 * /calendar/timetable: the cycle, the blocks and their times, alternate bell schedules, and when it
 * takes effect. Administrators change it; other staff read it (the server refuses their saves).
 */
export function TimetableScreen() {
  const { user } = useSignedInUser();
  const canEdit = ADMIN_ROLES.includes(user.role);
  const today = schoolToday(useSchoolTimezone(), new Date());
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = chosen ?? today;
  const inForce = useSWR<Timetable>(`/api/timetable?date=${shown}`);
  // Nothing in force on the date but a version that starts later (a year set up in summer): show that one.
  const upcoming =
    inForce.data && !inForce.data.cycle
      ? inForce.data.versions.find((version) => version > shown)
      : undefined;
  const later = useSWR<Timetable>(upcoming ? `/api/timetable?date=${upcoming}` : null);
  const data = upcoming ? later.data : inForce.data;
  const error = inForce.error ?? later.error;
  const mutate = () => Promise.all([inForce.mutate(), later.mutate()]);

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Bell schedule"
        description={
          canEdit
            ? "The school's cycle of day types, the blocks of each and their times. A change takes effect from a date and never changes the days before it."
            : "The school's cycle of day types, the blocks of each and their times. Administrators change it."
        }
      />
      <CalendarTabs />
      {error ? (
        <LoadError error={error} what="bell schedule" onRetry={() => mutate()} />
      ) : !data ? (
        <Spinner label="Loading the bell schedule" />
      ) : !canEdit ? (
        <>
          <VersionChoice timetable={data} today={today} onChoose={setChosen} />
          <TimetableView timetable={data} />
        </>
      ) : (
        <>
          <VersionChoice timetable={data} today={today} onChoose={setChosen} />
          <TimetableEditor
            key={`${data.effective_from}|${data.versions.join()}`}
            initial={timetableToForm(
              data,
              // A version that has not started yet is edited in place; otherwise a new one starts.
              data.effective_from && data.effective_from > today
                ? data.effective_from
                : defaultEffectiveFrom(today, data.earliest_effective_from),
            )}
            isFirst={data.versions.length === 0}
            versions={data.versions}
            onSaved={async (effectiveFrom) => {
              setChosen(effectiveFrom > today ? effectiveFrom : null);
              await mutate();
            }}
          />
        </>
      )}
    </div>
  );
}

/** With more than one version (the second semester's), which one the form shows. */
function VersionChoice({
  timetable,
  today,
  onChoose,
}: {
  timetable: Timetable;
  today: string;
  onChoose: (date: string) => void;
}) {
  if (timetable.versions.length < 2) return null;
  const inForce = timetable.versions.filter((version) => version <= today).at(-1);
  return (
    <ChoiceField
      label="Show the bell schedule"
      containerClassName="mb-6 sm:max-w-sm"
      value={timetable.effective_from ?? ""}
      onChange={(event) => onChoose(event.target.value)}
      choices={timetable.versions.map((version) => ({
        value: version,
        label: `From ${mediumDateLabel(version)}${version === inForce ? " (in force today)" : version > today ? " (not started)" : ""}`,
      }))}
    />
  );
}

/** How far after the date a bell schedule takes effect the first school day is looked for. */
const LOOK_AHEAD_DAYS = 30;

/**
 * Where the cycle stands on the date a new version takes effect: the day type the school calendar gives
 * the first school day from it, while a version comes before it (else the rotation starts afresh).
 */
function useCycleOn(date: string, versions: readonly string[]): CycleOnDate | null {
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && versions.some((version) => version < date);
  const days = useSWR<SchoolDays>(valid ? `/api/school-days?from=${date}&to=${addDays(date, LOOK_AHEAD_DAYS)}` : null);
  const first = days.data?.days.find((day) => day.in_session && day.day_type);
  return valid && first ? { date: first.date, day_type: first.day_type! } : null;
}

interface PendingSave {
  body: TimetableBody;
  formPath: (path: string) => string | null;
  changes: DayTypeChange[];
}

// eslint-disable-next-line max-lines-per-function -- the timetable form (react-hook-form) shares one form object
function TimetableEditor({
  initial,
  isFirst,
  versions,
  onSaved,
}: {
  initial: TimetableFormValues;
  isFirst: boolean;
  versions: readonly string[];
  onSaved: (effectiveFrom: string) => unknown;
}) {
  const form = useForm<TimetableFormValues>({ resolver: zodResolver(timetableForm), defaultValues: initial });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const [pending, setPending] = useState<PendingSave | null>(null);
  const effectiveFrom = useWatch({ control, name: "effective_from" });
  const continues = useCycleOn(effectiveFrom, versions);
  useLeaveWarning(
    isDirty && !isSubmitting && pending === null,
    "The bell schedule has changes you have not saved. Leave anyway?",
  );

  async function save(body: TimetableBody, confirmed: boolean) {
    await apiPut("/api/timetable", confirmed ? { ...body, confirm_day_type_changes: true } : body);
    reset(getValues());
    snackbar(`Saved the bell schedule. It takes effect from ${mediumDateLabel(body.effective_from)}.`, {
      tone: "success",
    });
    await onSaved(body.effective_from);
  }

  // First the server's dry run: a change that moves any school day's day type is shown before it is saved.
  const submit = handleSubmit(async (values) => {
    const { body, formPath } = toTimetableBody(values);
    try {
      const preview = await apiPut<DryRun>("/api/timetable", { ...body, dry_run: true });
      if (preview.day_type_changes.length > 0) setPending({ body, formPath, changes: preview.day_type_changes });
      else await save(body, false);
    } catch (failure) {
      placeServerErrors(failure, setError, formPath);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-8">
        <CycleFields continues={continues} />
        <BlockGrid />
        <BellSchedules />
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-2 text-base font-semibold text-slate-900">When it starts</legend>
          <TextField
            label="Takes effect from"
            type="date"
            required
            containerClassName="sm:max-w-xs"
            hint={
              isFirst
                ? "The first day this bell schedule is used. Days before it keep no blocks."
                : "Days before this date keep the bell schedule they had, with their check-ins, plans and appointments."
            }
            error={errors.effective_from?.message}
            {...register("effective_from")}
          />
        </fieldset>
        <FormError message={errors.root?.server?.message} />
        <div className="flex justify-end">
          <Button type="submit" loading={isSubmitting}>
            Save bell schedule
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Change the day type of school days?"
        description={
          pending
            ? `This bell schedule moves the rotation from ${mediumDateLabel(pending.changes[0]!.date)}. Days before it keep their day types.`
            : undefined
        }
        confirmLabel="Save and change them"
        onConfirm={async () => {
          if (!pending) return;
          try {
            await save(pending.body, true);
          } catch (failure) {
            placeServerErrors(failure, setError, pending.formPath);
          }
        }}
      >
        {pending && <DayTypeChanges changes={pending.changes} />}
      </ConfirmDialog>
    </FormProvider>
  );
}
