"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import useSWR from "swr";
import { z } from "zod";
import { ChoiceField } from "@/components/school-calendar/choice-field";
import { FormError, placeServerErrors } from "@/components/school-calendar/server-errors";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { apiPost, apiPut } from "@/lib/api/request.client";
import type { CourseItem } from "@/lib/courses/present";
import { courseCreateBody } from "@/lib/courses/schemas";
import type { StaffListItem } from "@/lib/people/lists.server";
import { compareNames } from "@/lib/core/fold";

const courseForm = courseCreateBody.extend({ teacher: z.string() });
type CourseForm = z.input<typeof courseForm>;

/** Add a course (POST /api/courses) or edit one's name, short name and teacher (PUT /api/courses/{short_name}). */
export function CourseDialog({
  open,
  onOpenChange,
  course,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  course?: { name: string; short_name: string; teacher: { id: number } | null };
  onSaved: (course: CourseItem) => unknown;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={course ? "Edit course" : "New course"} size="sm">
      {open && <CourseFormBody course={course} onCancel={() => onOpenChange(false)} onSaved={onSaved} />}
    </Dialog>
  );
}

function CourseFormBody({
  course,
  onCancel,
  onSaved,
}: {
  course?: { name: string; short_name: string; teacher: { id: number } | null };
  onCancel: () => void;
  onSaved: (course: CourseItem) => unknown;
}) {
  const { data: staff } = useSWR<StaffListItem[]>("/api/staff");
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CourseForm>({
    resolver: zodResolver(courseForm),
    defaultValues: {
      name: course?.name ?? "",
      short_name: course?.short_name ?? "",
      teacher: course?.teacher ? String(course.teacher.id) : "",
    },
  });
  const submit = handleSubmit(async (values) => {
    const body = { name: values.name, short_name: values.short_name, teacher_id: values.teacher ? Number(values.teacher) : null };
    try {
      const saved = course
        ? await apiPut<CourseItem>(`/api/courses/${encodeURIComponent(course.short_name)}`, body)
        : await apiPost<CourseItem>("/api/courses", body);
      await onSaved(saved);
    } catch (failure) {
      placeServerErrors(failure, setError, (path) => (path === "teacher_id" ? "teacher" : path in body ? path : null));
    }
  });
  const teachers = [...(staff ?? [])].sort(compareNames);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 pb-2">
      <TextField label="Name" required autoFocus maxLength={200} error={errors.name?.message} {...register("name")} />
      <TextField
        label="Short name"
        required
        maxLength={64}
        hint="Used in links and lists, like SCI10."
        error={errors.short_name?.message}
        {...register("short_name")}
      />
      <ChoiceField
        label="Teacher"
        hint="Shown on the course page; each section has its own teachers."
        error={errors.teacher?.message}
        choices={[{ value: "", label: "No teacher" }, ...teachers.map((t) => ({ value: String(t.id), label: t.name }))]}
        {...register("teacher")}
      />
      <FormError message={errors.root?.server?.message} />
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {course ? "Save" : "Add course"}
        </Button>
      </div>
    </form>
  );
}
