"use client";

import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { TextField } from "@/components/ui/text-field";
import { blockName } from "./block-grid";
import { messageAt } from "./cycle-fields";
import { FormError } from "./server-errors";
import { TimeRange } from "./time-range";
import { newKey, type TimetableFormValues } from "./timetable-form";

/**
 * Alternate bell schedules (late start, assembly, exams): a name and the times of the blocks that meet
 * on a date given it. They are chosen for a date on the School calendar page.
 */
export function BellSchedules() {
  const { control, register, formState } = useFormContext<TimetableFormValues>();
  const schedules = useFieldArray({ control, name: "bell_schedules", keyName: "fieldId" });
  const [blocks, names] = useWatch({ control, name: ["blocks", "bell_schedules"] });
  const errors = formState.errors;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 text-base font-semibold text-slate-900">Alternate bell schedules</legend>
      <p className="text-sm text-slate-600">
        For late starts, assemblies or exams. On a date given one (on the School calendar page), the day
        type&apos;s blocks meet at these times; a block left empty here does not meet that day.
      </p>
      <ul className="flex flex-col gap-4">
        {schedules.fields.map((field, index) => {
          const name = names[index]?.name.trim() || `Alternate ${index + 1}`;
          return (
            <li
              key={field.fieldId}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
            >
              <div className="flex items-end gap-2">
                <TextField
                  label={`Name of alternate bell schedule ${index + 1}`}
                  containerClassName="flex-1 sm:max-w-sm"
                  maxLength={60}
                  error={messageAt(errors, `bell_schedules.${index}.name`)}
                  {...register(`bell_schedules.${index}.name`)}
                />
                <IconButton
                  label={`Remove ${name}`}
                  icon={<Trash2 className="size-4" />}
                  onClick={() => schedules.remove(index)}
                />
              </div>
              <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
                {blocks.map((block, b) => (
                  <div key={block.key} className="flex flex-col gap-1">
                    <dt className="text-xs font-medium text-slate-700">{blockName(block.label, b)}</dt>
                    <dd>
                      <TimeRange
                        base={`bell_schedules.${index}.times.${block.key}`}
                        name={`${name}, ${blockName(block.label, b)}`}
                      />
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
      <FormError message={messageAt(errors, "bell_schedules")} />
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        onClick={() =>
          schedules.append(
            { key: newKey("s"), name: schedules.fields.length ? "" : "Late start", times: {} },
            { shouldFocus: true },
          )
        }
      >
        <Plus aria-hidden className="size-4" />
        Add alternate bell schedule
      </Button>
    </fieldset>
  );
}
