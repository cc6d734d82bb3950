import { Plus, Trash2 } from "lucide-react";
import {
  Controller,
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from "react-hook-form";
import { ChoiceField } from "@/components/school-calendar/choice-field";
import type { Timetable } from "@/components/school-calendar/api-types";
import { FormError } from "@/components/school-calendar/server-errors";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { IconButton } from "@/components/ui/icon-button";
import type { StaffListItem } from "@/lib/people/lists.server";
import { idOrNull, textOrNull, type SectionFormInput, type SectionFormValues } from "./section-form";

type SectionControl = Control<SectionFormInput, unknown, SectionFormValues>;

/** Teachers: a box per staff member, in name order. */
export function TeachersField({
  control,
  teachers,
  error,
}: {
  control: SectionControl;
  teachers: StaffListItem[];
  error: string | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Teachers</legend>
      <Controller
        control={control}
        name="teacher_ids"
        render={({ field }) => (
          <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2">
            {teachers.map((t) => (
              <li key={t.id}>
                <Checkbox
                  label={t.name}
                  checked={(field.value ?? []).includes(t.id)}
                  onCheckedChange={(on) => {
                    const ids = field.value ?? [];
                    field.onChange(on ? [...ids, t.id] : ids.filter((id) => id !== t.id));
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      />
      <FormError message={error} />
    </fieldset>
  );
}

/** When it meets: a class block per meeting, on one day type or every day it meets; add and remove meetings. */
export function MeetingsField({
  control,
  register,
  errors,
  timetable,
}: {
  control: SectionControl;
  register: UseFormRegister<SectionFormInput>;
  errors: FieldErrors<SectionFormInput>;
  timetable: Timetable;
}) {
  const meetings = useFieldArray({ control, name: "meetings" });
  const classBlocks = timetable.blocks.filter((b) => !b.flex);
  const dayTypes = timetable.cycle?.day_types ?? [];
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">When it meets</legend>
      {classBlocks.length === 0 ? (
        <p className="text-sm text-slate-600">
          The timetable has no class blocks yet: add them in School calendar → Bell schedule first.
        </p>
      ) : meetings.fields.length === 0 ? (
        <p className="text-sm text-slate-600">No meetings yet: add the blocks the class meets in.</p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {meetings.fields.map((field, index) => (
          <li
            key={field.id}
            className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
          >
            <ChoiceField
              label={`Meeting ${index + 1} block`}
              error={errors.meetings?.[index]?.block_id?.message}
              choices={[
                { value: "", label: "Choose a block" },
                ...classBlocks.map((b) => ({ value: String(b.id), label: b.label })),
              ]}
              {...register(`meetings.${index}.block_id`, { setValueAs: idOrNull })}
            />
            <ChoiceField
              label={`Meeting ${index + 1} day type`}
              error={errors.meetings?.[index]?.day_type?.message}
              choices={[
                { value: "", label: "Every day it meets" },
                ...dayTypes.map((d) => ({ value: d, label: d })),
              ]}
              {...register(`meetings.${index}.day_type`, { setValueAs: textOrNull })}
            />
            <IconButton
              label={`Remove meeting ${index + 1}`}
              icon={<Trash2 className="size-4" />}
              className="sm:mt-7"
              onClick={() => meetings.remove(index)}
            />
          </li>
        ))}
      </ol>
      {classBlocks.length > 0 && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() => meetings.append({ block_id: null, day_type: null })}
        >
          <Plus aria-hidden className="size-4" />
          Add meeting
        </Button>
      )}
    </fieldset>
  );
}
