"use client";

import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError, apiPut, messageOf } from "@/lib/api/request.client";
import type { SchoolDayBody } from "@/lib/calendar/schemas";
import type { DayTypeChange, DryRun, SchoolDay, Timetable } from "./api-types";
import { ChoiceField } from "./choice-field";
import { DayTypeChanges } from "./day-type-changes";

/** The day type select's choice that clears a day type set by hand. */
const FOLLOW_CYCLE = "";
const REGULAR = "";
/** An empty deadline field: the school's setting (choice-deadline, request-deadline) applies. */
const SCHOOL_SETTING = "";

type DayErrors = {
  day_type?: string;
  bell_schedule?: string;
  choice_deadline?: string;
  request_deadline?: string;
  form?: string;
};

/** The server's 422 placed by field; anything else under the form. */
function dayErrors(failure: unknown): DayErrors {
  const apiError = failure instanceof ApiClientError && failure.status === 422 ? failure : null;
  const found = {
    day_type: apiError?.fieldError("day_type"),
    bell_schedule: apiError?.fieldError("bell_schedule"),
    choice_deadline: apiError?.fieldError("choice_deadline"),
    request_deadline: apiError?.fieldError("request_deadline"),
  };
  return Object.values(found).some(Boolean) ? found : { form: messageOf(failure) };
}

/** Saving a day: a day type change is first a dry run, and the school days it moves are shown to confirm. */
function useDaySave(date: string, onSaved: () => Promise<void>) {
  const [errors, setErrors] = useState<DayErrors>({});
  const [saving, setSaving] = useState(false);
  const [changes, setChanges] = useState<DayTypeChange[] | null>(null);
  const changesHeading = useRef<HTMLHeadingElement>(null);
  // The save button gives way to the dates it would change: keyboard focus goes to them.
  useEffect(() => {
    if (changes) changesHeading.current?.focus();
  }, [changes]);

  async function save(body: SchoolDayBody) {
    setErrors({});
    setSaving(true);
    try {
      const confirmed = changes !== null;
      setChanges(null);
      if (!confirmed && body.day_type !== undefined) {
        const preview = await apiPut<DryRun>(`/api/school-days/${date}`, { ...body, dry_run: true });
        if (preview.day_type_changes.length > 0) {
          setChanges(preview.day_type_changes);
          return;
        }
      }
      await apiPut(`/api/school-days/${date}`, body);
      await onSaved();
    } catch (failure) {
      setErrors(dayErrors(failure));
    } finally {
      setSaving(false);
    }
  }

  return { errors, saving, changes, setChanges, changesHeading, save };
}

/**
 * An administrator sets a date's day type by hand (a snow day: the rotation continues from it) and its
 * bell schedule (one of the timetable's alternates, or the regular one). A change that moves the day
 * type of school days (the server's dry run says which) is shown first, and saved only when confirmed.
 */
// eslint-disable-next-line max-lines-per-function -- the day's four fields and their confirm step in order; the save is useDaySave
export function DaySettingsForm({
  day,
  timetable,
  onSaved,
}: {
  day: SchoolDay;
  timetable: Timetable & { cycle: NonNullable<Timetable["cycle"]> };
  onSaved: () => Promise<void>;
}) {
  const setByHand = {
    day_type: day.override?.day_type ?? FOLLOW_CYCLE,
    bell_schedule: day.bell_schedule ?? REGULAR,
    choice_deadline: day.deadlines?.choice_deadline ?? SCHOOL_SETTING,
    request_deadline: day.deadlines?.request_deadline ?? SCHOOL_SETTING,
  };
  const [dayType, setDayType] = useState(setByHand.day_type);
  const [bellSchedule, setBellSchedule] = useState(setByHand.bell_schedule);
  const [choiceDeadline, setChoiceDeadline] = useState(setByHand.choice_deadline);
  const [requestDeadline, setRequestDeadline] = useState(setByHand.request_deadline);
  const { errors, saving, changes, setChanges, changesHeading, save } = useDaySave(day.date, onSaved);
  const dayTypeField = useRef<HTMLSelectElement>(null);
  const alternates = timetable.bell_schedules.map((schedule) => schedule.name);

  const body: SchoolDayBody = {};
  if (dayType !== setByHand.day_type) body.day_type = dayType || null;
  if (bellSchedule !== setByHand.bell_schedule) body.bell_schedule = bellSchedule || null;
  if (choiceDeadline.trim() !== setByHand.choice_deadline) body.choice_deadline = choiceDeadline.trim() || null;
  if (requestDeadline.trim() !== setByHand.request_deadline) body.request_deadline = requestDeadline.trim() || null;
  const changed = Object.keys(body).length > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (changed) await save(body);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-labelledby="day-settings-heading">
      <h3 id="day-settings-heading" className="text-sm font-semibold text-slate-900">
        This day&apos;s schedule
      </h3>
      <DayTypeField
        fieldRef={dayTypeField}
        day={day}
        cycle={timetable.cycle}
        value={dayType}
        error={errors.day_type}
        onChange={(value) => {
          setDayType(value);
          setChanges(null);
        }}
      />
      <ChoiceField
        label="Bell schedule"
        value={bellSchedule}
        onChange={(e) => setBellSchedule(e.target.value)}
        error={errors.bell_schedule}
        choices={[
          { value: REGULAR, label: "Regular" },
          ...alternates.map((name) => ({ value: name, label: name })),
        ]}
      />
      {alternates.length === 0 && (
        <p className="text-xs text-slate-600">
          The bell schedule has no alternates (late start, assembly) yet; add them on the Bell schedule page.
        </p>
      )}
      <DeadlineFields
        choice={choiceDeadline}
        request={requestDeadline}
        errors={errors}
        onChoice={setChoiceDeadline}
        onRequest={setRequestDeadline}
      />
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      {changes ? (
        <ConfirmChanges
          changes={changes}
          saving={saving}
          headingRef={changesHeading}
          onKeep={() => {
            setChanges(null);
            setDayType(setByHand.day_type);
            dayTypeField.current?.focus();
          }}
        />
      ) : (
        <Button type="submit" variant="secondary" loading={saving} disabled={!changed} className="self-start">
          Save this day
        </Button>
      )}
    </form>
  );
}

/** The day's own deadlines; empty leaves the school's setting. */
function DeadlineFields({
  choice,
  request,
  errors,
  onChoice,
  onRequest,
}: {
  choice: string;
  request: string;
  errors: DayErrors;
  onChoice: (value: string) => void;
  onRequest: (value: string) => void;
}) {
  return (
    <>
      <TextField
        label="Students choose until"
        value={choice}
        onChange={(e) => onChoice(e.target.value)}
        error={errors.choice_deadline}
        placeholder="The school's setting"
        hint="A time on this day (08:00) or hours before the Focus Block (2h). Empty: the school's choice deadline."
        autoComplete="off"
      />
      <TextField
        label="Teachers book students until"
        value={request}
        onChange={(e) => onRequest(e.target.value)}
        error={errors.request_deadline}
        placeholder="The school's setting"
        hint="After it only an administrator may book a student. Empty: the school's request deadline."
        autoComplete="off"
      />
    </>
  );
}

/** The school days whose day type the change would move, with Save and Keep. */
function ConfirmChanges({
  changes,
  saving,
  headingRef,
  onKeep,
}: {
  changes: DayTypeChange[];
  saving: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onKeep: () => void;
}) {
  return (
    <div role="group" aria-labelledby="day-changes-heading" className="flex flex-col gap-3">
      <h4 id="day-changes-heading" ref={headingRef} tabIndex={-1} className="text-sm font-semibold text-slate-900 outline-none">
        This moves the rotation
      </h4>
      <DayTypeChanges changes={changes} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={saving}>
          Save and change them
        </Button>
        <Button variant="secondary" disabled={saving} onClick={onKeep}>
          Keep the day as it is
        </Button>
      </div>
    </div>
  );
}

/** The date's day type: as the cycle gives it (named, when known), or one set by hand. */
function DayTypeField({
  fieldRef,
  day,
  cycle,
  value,
  error,
  onChange,
}: {
  fieldRef: RefObject<HTMLSelectElement | null>;
  day: SchoolDay;
  cycle: NonNullable<Timetable["cycle"]>;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const rotation = cycle.kind === "rotation";
  // Without a day type set by hand, the one the cycle gave is the date's own.
  const given = !day.override?.day_type && day.day_type ? ` (${day.day_type})` : "";
  return (
    <ChoiceField
      ref={fieldRef}
      label="Day type"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      choices={[
        {
          value: FOLLOW_CYCLE,
          label: `${rotation ? "As the rotation gives" : "As the weekday gives"}${given}`,
        },
        ...cycle.day_types.map((name) => ({ value: name, label: name })),
      ]}
      hint={
        rotation
          ? "Rotation continues from this day: the days after it follow on from the day type you choose."
          : "The blocks of the day type you choose meet on this date."
      }
    />
  );
}
