"use client";

import { Plus, Trash2 } from "lucide-react";
import { Controller, get, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { IconButton } from "@/components/ui/icon-button";
import { TextField } from "@/components/ui/text-field";
import { MAX_DAY_TYPES } from "@/lib/calendar/schemas";
import { ChoiceField } from "./choice-field";
import { mediumDateLabel } from "./month";
import { FormError } from "./server-errors";
import { newKey, WEEKDAYS, type TimetableFormValues } from "./timetable-form";

/** A message react-hook-form holds for a list or a field (a list's own message may sit under `root`). */
export function messageAt(errors: object, path: string): string | undefined {
  const found = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
  return found?.message ?? found?.root?.message;
}

const KINDS = [
  { value: "weekly", label: "Weekly", hint: "Each weekday has its own blocks, the same every week." },
  {
    value: "rotation",
    label: "Rotation",
    hint: "Day types (Day 1, Day 2, …) take turns, one per school day; weekends and days without school are skipped.",
  },
] as const;

/** The day type the school calendar gives the first school day on or after the date this takes effect. */
export interface CycleOnDate {
  date: string;
  day_type: string;
}

/**
 * The cycle: weekly (which weekdays the school meets) or a rotation of named day types, and where it
 * starts. `continues`: where the cycle stands on the date this takes effect, when a timetable comes
 * before it (the rotation then goes on by default).
 */
export function CycleFields({ continues = null }: { continues?: CycleOnDate | null }) {
  const { control, register, formState } = useFormContext<TimetableFormValues>();
  const kind = useWatch({ control, name: "kind" });
  const errors = formState.errors;
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-2 text-base font-semibold text-slate-900">Cycle</legend>
      <div role="radiogroup" aria-label="Cycle kind" className="grid gap-3 sm:grid-cols-2">
        {KINDS.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 has-[:checked]:border-indigo-600 has-[:checked]:ring-1 has-[:checked]:ring-indigo-600"
          >
            <input
              type="radio"
              value={option.value}
              className="mt-0.5 size-4 accent-indigo-600"
              {...register("kind")}
            />
            <span>
              <span className="block text-sm font-medium text-slate-900">{option.label}</span>
              <span className="block text-xs text-slate-600">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {kind === "weekly" ? <WeekdayFields /> : <RotationFields continues={continues} />}
      <FormError message={messageAt(errors, kind === "weekly" ? "weekdays" : "rotation")} />
    </fieldset>
  );
}

function WeekdayFields() {
  const { control } = useFormContext<TimetableFormValues>();
  return (
    <Controller
      control={control}
      name="weekdays"
      render={({ field }) => (
        <fieldset aria-describedby="weekdays-hint">
          <legend className="mb-2 text-sm font-medium text-slate-800">Weekdays with blocks</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {WEEKDAYS.map((day) => (
              <Checkbox
                key={day}
                label={day}
                checked={field.value.includes(day)}
                onCheckedChange={(on) =>
                  field.onChange(
                    on
                      ? WEEKDAYS.filter((d) => d === day || field.value.includes(d))
                      : field.value.filter((d) => d !== day),
                  )
                }
              />
            ))}
          </div>
          <p id="weekdays-hint" className="mt-2 text-xs text-slate-600">
            The days of the week the school meets at all are a setting (Settings, Calendar); a day needs both.
          </p>
        </fieldset>
      )}
    />
  );
}

function RotationFields({ continues }: { continues: CycleOnDate | null }) {
  const { control, register, formState } = useFormContext<TimetableFormValues>();
  const rows = useFieldArray({ control, name: "rotation", keyName: "fieldId" });
  const names = useWatch({ control, name: "rotation" });
  const errors = formState.errors;
  // The cycle goes on only into day types it has: a renamed one starts afresh, at the first.
  const goesOn = continues !== null && names.some((row) => row.name.trim() === continues.day_type);
  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">
          Day types, in the order they take turns
        </legend>
        <ol className="flex flex-col gap-2">
          {rows.fields.map((row, index) => (
            <li key={row.fieldId} className="flex items-start gap-2">
              <TextField
                label={`Day type ${index + 1}`}
                hideLabel
                containerClassName="flex-1 sm:max-w-xs"
                maxLength={40}
                error={messageAt(errors, `rotation.${index}.name`)}
                {...register(`rotation.${index}.name`)}
              />
              <IconButton
                label={`Remove ${names[index]?.name || `day type ${index + 1}`}`}
                icon={<Trash2 className="size-4" />}
                disabled={rows.fields.length <= 1}
                onClick={() => rows.remove(index)}
              />
            </li>
          ))}
        </ol>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          disabled={rows.fields.length >= MAX_DAY_TYPES}
          onClick={() => rows.append({ key: newKey("d"), name: `Day ${rows.fields.length + 1}` })}
        >
          <Plus aria-hidden className="size-4" />
          Add day type
        </Button>
      </fieldset>
      <ChoiceField
        label="First day type"
        containerClassName="sm:max-w-md"
        hint={
          goesOn
            ? "The day type of the first school day on or after the date this takes effect. Going on with the cycle changes no day; another day type starts the rotation again from that day."
            : "The day type of the first school day on or after the date this takes effect."
        }
        error={messageAt(errors, "first_day_type")}
        choices={[
          {
            value: "",
            label: goesOn
              ? `Go on with the cycle (${continues.day_type} on ${mediumDateLabel(continues.date)})`
              : `${names[0]?.name || "Day type 1"} (the first in the list)`,
          },
          ...names.map((row, index) => ({ value: row.key, label: row.name || `Day type ${index + 1}` })),
        ]}
        {...register("first_day_type")}
      />
    </div>
  );
}
