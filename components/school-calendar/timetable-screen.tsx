"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import useSWR from "swr";
import { useSchoolTimezone } from "@/components/audit/use-school-time";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { snackbar } from "@/components/ui/snackbar";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { useLeaveWarning } from "@/components/ui/use-leave-warning";
import { apiPut } from "@/lib/api/request.client";
import { addDays, schoolToday } from "@/lib/time";
import type { Timetable } from "./api-types";
import { BellSchedules } from "./bell-schedules";
import { BlockGrid } from "./block-grid";
import { CalendarTabs } from "./calendar-tabs";
import { ChoiceField } from "./choice-field";
import { CycleFields } from "./cycle-fields";
import { mediumDateLabel } from "./month";
import { FormError, placeServerErrors } from "./server-errors";
import { timetableForm, timetableToForm, toTimetableBody, type TimetableFormValues } from "./timetable-form";

/**
 * The date a new version takes effect from by default: today while no attendance has been taken (the
 * API's earliest_effective_from is null), otherwise tomorrow or the earliest date attendance does not rest on.
 */
export function defaultEffectiveFrom(today: string, earliest: string | null): string {
  if (earliest === null) return today;
  const tomorrow = addDays(today, 1);
  return earliest > tomorrow ? earliest : tomorrow;
}

/** /calendar/timetable: the cycle, the blocks and their times, alternate bell schedules, and when it takes effect. */
export function TimetableScreen() {
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
        description="The school's cycle of day types, the blocks of each and their times. A change takes effect from a date and never changes the days before it."
      />
      <CalendarTabs />
      {error ? (
        <LoadError error={error} what="bell schedule" onRetry={() => mutate()} />
      ) : !data ? (
        <Spinner label="Loading the bell schedule" />
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

function TimetableEditor({
  initial,
  isFirst,
  onSaved,
}: {
  initial: TimetableFormValues;
  isFirst: boolean;
  onSaved: (effectiveFrom: string) => unknown;
}) {
  const form = useForm<TimetableFormValues>({ resolver: zodResolver(timetableForm), defaultValues: initial });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  useLeaveWarning(
    isDirty && !isSubmitting,
    "The bell schedule has changes you have not saved. Leave anyway?",
  );

  const submit = handleSubmit(async (values) => {
    const { body, formPath } = toTimetableBody(values);
    try {
      await apiPut("/api/timetable", body);
      reset(getValues());
      snackbar(`Saved the bell schedule. It takes effect from ${mediumDateLabel(body.effective_from)}.`, {
        tone: "success",
      });
      await onSaved(body.effective_from);
    } catch (failure) {
      placeServerErrors(failure, setError, formPath);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-8">
        <CycleFields />
        <BlockGrid />
        <BellSchedules />
        <fieldset className="flex flex-col gap-2">
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
    </FormProvider>
  );
}
