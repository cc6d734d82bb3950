"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import useSWR from "swr";
import { ChoiceField } from "@/components/school-calendar/choice-field";
import type { SchoolYear, Timetable } from "@/components/school-calendar/api-types";
import { FormError, placeServerErrors } from "@/components/school-calendar/server-errors";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { apiPost, apiPut } from "@/lib/api/request.client";
import type { StaffListItem } from "@/lib/people/lists.server";
import type { Section } from "@/lib/sections/present";
import { compareNames } from "@/lib/core/fold";
import { MeetingsField, TeachersField } from "./section-fields";
import {
  idOrNull,
  sectionForm,
  shownAt,
  type SectionFormInput,
  type SectionFormValues,
} from "./section-form";

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
    return (
      <Spinner
        label="Loading teachers, blocks and terms"
        className="flex justify-center py-8 text-indigo-600"
      />
    );
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
  } = useForm<SectionFormInput, unknown, SectionFormValues>({
    resolver: zodResolver(sectionForm),
    defaultValues: {
      code: section?.code ?? "",
      term_id: section?.term?.id ?? null,
      teacher_ids: section?.teachers.map((t) => t.id) ?? [],
      meetings: section?.meetings.map((m) => ({ block_id: m.block_id, day_type: m.day_type })) ?? [],
    },
  });
  const teachers = [...staff].sort(compareNames);

  const submit = handleSubmit(async (body) => {
    try {
      const saved = section
        ? await apiPut<Section>(`/api/sections/${section.id}`, body)
        : await apiPost<Section>(`/api/courses/${encodeURIComponent(courseShortName)}/sections`, body);
      await onSaved(saved);
    } catch (failure) {
      placeServerErrors(failure, setError, shownAt);
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
          error={errors.term_id?.message}
          choices={[
            { value: "", label: "The whole school year" },
            ...year.terms.map((t) => ({ value: String(t.id), label: t.name })),
          ]}
          {...register("term_id", { setValueAs: idOrNull })}
        />
      </div>
      <TeachersField control={control} teachers={teachers} error={errors.teacher_ids?.message} />
      <MeetingsField control={control} register={register} errors={errors} timetable={timetable} />
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
