"use client";

import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "@/components/ui/text-field";
import { useEffect } from "react";
import { gradeLabel, gradesOf, isInRange } from "@/lib/grade-range";
import { studentCreateForm, studentUpdateBody } from "@/lib/people/schemas";
import { DefaultTeacherField, defaultTeacherValue } from "./default-teacher-field";
import { InitialsField, NameField, usePersonForm } from "./person-form";
import { SelectField } from "./select-field";
import { useDerivedInitials } from "./use-derived-initials";
import { useIsTeacher } from "./use-manages-people";
import { useGradeRange } from "./use-grade-range";

export type StudentFormInput = z.input<typeof studentCreateForm>;
export type StudentFormValues = z.output<typeof studentCreateForm>;
export type StudentForm = UseFormReturn<StudentFormInput, unknown, StudentFormValues>;

/** Spec §3: a new student is in grade 8 with an empty student number. */
export const NEW_STUDENT: StudentFormInput = {
  first_name: "",
  last_name: "",
  preferred_first_name: "",
  email: "",
  initials: "",
  student_number: "",
  grade: 8,
  default_teacher_id: null,
};

export function useStudentForm(initial: StudentFormInput | null) {
  return usePersonForm(studentCreateForm, studentUpdateBody, initial, NEW_STUDENT);
}

/**
 * Names (and a preferred first name), initials (derived until edited), student number (add only), a grade
 * of the school's range, the optional school email and default teacher.
 */
export function StudentFields({
  form,
  editing,
  id,
  onSubmit,
}: {
  form: StudentForm;
  editing: boolean;
  id: string;
  onSubmit: (values: StudentFormValues) => void;
}) {
  const { register, formState, getValues, setValue, watch } = form;
  const errors = formState.errors;
  const range = useGradeRange();
  const current = Number(watch("grade"));
  // A new student starts in the school's lowest grade when the spec's grade 8 is not one of its grades.
  useEffect(() => {
    if (!editing && !isInRange(range, Number(getValues("grade")))) setValue("grade", range.min);
  }, [editing, range, getValues, setValue]);
  // An existing student outside the range (it changed since) keeps their grade as a choice.
  const grades = gradesOf(range);
  if (editing && Number.isInteger(current) && !grades.includes(current)) grades.push(current);
  const gradeOptions = grades.sort((a, b) => a - b).map((g) => ({ value: g, label: gradeLabel(g) }));
  const markEdited = useDerivedInitials(form, editing);
  // Registered in the order shown, so a failed submit focuses the first field in error.
  const firstName = register("first_name");
  const lastName = register("last_name");
  const preferredFirstName = register("preferred_first_name");
  const initials = register("initials");
  const grade = register("grade");
  const number = editing ? null : register("student_number");
  // The school email is an administrator's to set (single sign-on signs the student in with it).
  const teacher = useIsTeacher();
  const email = register("email");
  const defaultTeacher = register("default_teacher_id", { setValueAs: defaultTeacherValue });
  return (
    <form id={id} noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
      <NameField label="First name" error={errors.first_name?.message} registration={firstName} />
      <NameField label="Last name" error={errors.last_name?.message} registration={lastName} />
      <TextField
        label="Preferred first name"
        hint="Shown instead of the first name wherever the student's name appears; leave blank for none."
        autoComplete="off"
        containerClassName="sm:col-span-2"
        error={errors.preferred_first_name?.message}
        {...preferredFirstName}
      />
      <InitialsField error={errors.initials?.message} registration={initials} markEdited={markEdited} />
      <SelectField label="Grade" options={gradeOptions} error={errors.grade?.message} {...grade} />
      {number && (
        <TextField
          label="Student number"
          required
          inputMode="numeric"
          autoComplete="off"
          containerClassName="sm:col-span-2"
          error={errors.student_number?.message}
          {...number}
        />
      )}
      {!teacher && (
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          hint="Optional: the student's school email (single sign-on matches on it)."
          containerClassName="sm:col-span-2"
          error={errors.email?.message}
          {...email}
        />
      )}
      <DefaultTeacherField error={errors.default_teacher_id?.message} {...defaultTeacher} />
    </form>
  );
}
