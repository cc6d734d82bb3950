"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import useSWR from "swr";
import { z } from "zod";
import { ChoiceField } from "@/components/school-calendar/choice-field";
import type { SchoolYear, Timetable } from "@/components/school-calendar/api-types";
import { FormError, placeServerErrors } from "@/components/school-calendar/server-errors";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import { IconButton } from "@/components/ui/icon-button";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { apiPost, apiPut } from "@/lib/api/client";
import type { StaffListItem } from "@/lib/people/lists";
import type { Section } from "@/lib/sections/present";
import { MAX_MEETINGS, sectionCreateBody } from "@/lib/sections/schemas";
import { compareNames } from "@/lib/search/fold";

/** The form: selects hold text ("" = the whole year, every day type). */
const sectionForm = z.object({
  code: sectionCreateBody.shape.code,
  term: z.string(),
  teacher_ids: z.array(z.number()),
  meetings: z
    .array(z.object({ block: z.string().min(1, { error: "Choose a block." }), day_type: z.string() }))
    .max(MAX_MEETINGS),
});
type SectionForm = z.input<typeof sectionForm>;

const toBody = (values: z.output<typeof sectionForm>) => ({
  code: values.code,
  term_id: values.term ? Number(values.term) : null,
  teacher_ids: values.teacher_ids,
  meetings: values.meetings.map((m) => ({ block_id: Number(m.block), day_type: m.day_type || null })),
});

/** The form's field for a request's error path (term_id → term, meetings.0.block_id → meetings.0.block). */
const formPath = (path: string) =>
  path === "term_id"
    ? "term"
    : path === "code" || path === "teacher_ids"
      ? path
      : /^meetings\.\d+\.block_id$/.test(path)
        ? path.replace(/block_id$/, "block")
        : /^meetings\.\d+\.day_type$/.test(path)
          ? path
          : null;

/**
 * Add a section to a course (POST /api/courses/{short_name}/sections) or edit one (PUT /api/sections/{id}):
 * its code, term, teachers, and when it meets (a block, on one day type or every day it meets).
 */
export function SectionDialog({
  open,
  onOpenChange,
  courseShortName,
  section,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  courseShortName: string;
  section?: Section;
  onSaved: (section: Section) => unknown;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={section ? `Edit section ${section.code}` : "New section"}
      size="lg"
    >
      {open && (
        <SectionFormLoader
          courseShortName={courseShortName}
          section={section}
          onCancel={() => onOpenChange(false)}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

function SectionFormLoader(props: {
  courseShortName: string;
  section?: Section;
  onCancel: () => void;
  onSaved: (section: Section) => unknown;
}) {
  const { data: staff } = useSWR<StaffListItem[]>("/api/staff");
  const { data: timetable } = useSWR<Timetable>("/api/timetable");
  const { data: year } = useSWR<SchoolYear>("/api/school-year");
  if (!staff || !timetable || !year)
    return <Spinner label="Loading teachers, blocks and terms" className="flex justify-center py-8 text-indigo-600" />;
  return <SectionFormBody {...props} staff={staff} timetable={timetable} year={year} />;
}

function SectionFormBody({
  courseShortName,
  section,
  onCancel,
  onSaved,
  staff,
  timetable,
  year,
}: {
  courseShortName: string;
  section?: Section;
  onCancel: () => void;
  onSaved: (section: Section) => unknown;
  staff: StaffListItem[];
  timetable: Timetable;
  year: SchoolYear;
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SectionForm>({
    resolver: zodResolver(sectionForm),
    defaultValues: {
      code: section?.code ?? "",
      term: section?.term ? String(section.term.id) : "",
      teacher_ids: section?.teachers.map((t) => t.id) ?? [],
      meetings: section?.meetings.map((m) => ({ block: String(m.block_id), day_type: m.day_type ?? "" })) ?? [],
    },
  });
  const meetings = useFieldArray({ control, name: "meetings" });
  const classBlocks = timetable.blocks.filter((b) => !b.flex);
  const dayTypes = timetable.cycle?.day_types ?? [];
  const teachers = [...staff].sort(compareNames);

  const submit = handleSubmit(async (values) => {
    try {
      const body = toBody(sectionForm.parse(values));
      const saved = section
        ? await apiPut<Section>(`/api/sections/${section.id}`, body)
        : await apiPost<Section>(`/api/courses/${encodeURIComponent(courseShortName)}/sections`, body);
      await onSaved(saved);
    } catch (failure) {
      placeServerErrors(failure, setError, formPath);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5 pb-2">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Code"
          required
          autoFocus
          maxLength={64}
          hint="Tells the course's sections apart: A, B, or the block."
          error={errors.code?.message}
          {...register("code")}
        />
        <ChoiceField
          label="Term"
          error={errors.term?.message}
          choices={[
            { value: "", label: "The whole school year" },
            ...year.terms.map((t) => ({ value: String(t.id), label: t.name })),
          ]}
          {...register("term")}
        />
      </div>
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
                    checked={field.value.includes(t.id)}
                    onCheckedChange={(on) =>
                      field.onChange(on ? [...field.value, t.id] : field.value.filter((id) => id !== t.id))
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        />
        <FormError message={errors.teacher_ids?.message} />
      </fieldset>
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
            <li key={field.id} className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
              <ChoiceField
                label={`Meeting ${index + 1} block`}
                error={errors.meetings?.[index]?.block?.message}
                choices={[{ value: "", label: "Choose a block" }, ...classBlocks.map((b) => ({ value: String(b.id), label: b.label }))]}
                {...register(`meetings.${index}.block`)}
              />
              <ChoiceField
                label={`Meeting ${index + 1} day type`}
                error={errors.meetings?.[index]?.day_type?.message}
                choices={[{ value: "", label: "Every day it meets" }, ...dayTypes.map((d) => ({ value: d, label: d }))]}
                {...register(`meetings.${index}.day_type`)}
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
            onClick={() => meetings.append({ block: "", day_type: "" })}
          >
            <Plus aria-hidden className="size-4" />
            Add meeting
          </Button>
        )}
      </fieldset>
      <FormError message={errors.root?.server?.message} />
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {section ? "Save section" : "Add section"}
        </Button>
      </div>
    </form>
  );
}
