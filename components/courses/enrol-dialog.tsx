"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { FormError } from "@/components/school-calendar/server-errors";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { Tabs } from "@/components/ui/tabs";
import { TextAreaField, TextField } from "@/components/ui/text-field";
import { ApiClientError, apiPost, messageOf } from "@/lib/api/request.client";
import { StudentPickerFields, useStudentPicker } from "@/components/people/student-picker";
import type { Section } from "@/lib/sections/present";
import { MAX_ENROL, studentNumbersIn } from "@/lib/sections/schemas";
import { CsvNumbersField } from "./csv-numbers-field";

/** How many matches the picker lists at once; typing narrows it. */
/** The largest CSV of student numbers read in the browser. */
const MAX_CSV_BYTES = 1024 * 1024;

type EnrolAnswer = { enrolled: number; already_enrolled: number; section: Section };

/**
 * Enrol students in a section (POST /api/sections/{id}/enrollments): pick them from the list, paste
 * their student numbers, or choose a CSV of student numbers. Unknown numbers are listed and nobody is
 * enrolled; students already in the class are left as they are.
 */
export function EnrolDialog({
  open,
  onOpenChange,
  section,
  courseName,
  onEnrolled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  section: Section;
  courseName: string;
  onEnrolled: (section: Section) => unknown;
}) {
  const [tab, setTab] = useState("pick");
  const done = async (answer: EnrolAnswer) => {
    const parts = [answer.enrolled === 1 ? "Enrolled 1 student." : `Enrolled ${answer.enrolled} students.`];
    if (answer.already_enrolled > 0)
      parts.push(
        answer.already_enrolled === 1
          ? "1 was already enrolled."
          : `${answer.already_enrolled} were already enrolled.`,
      );
    snackbar(parts.join(" "), { tone: "success" });
    await onEnrolled(answer.section);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Enrol students in ${courseName} ${section.code}`}
      size="md"
    >
      {open && (
        <Tabs
          label="How to choose students"
          value={tab}
          onValueChange={setTab}
          items={[
            {
              value: "pick",
              label: "Pick",
              content: <Picker section={section} onCancel={() => onOpenChange(false)} onDone={done} />,
            },
            {
              value: "paste",
              label: "Paste numbers",
              content: <NumbersForm section={section} onCancel={() => onOpenChange(false)} onDone={done} />,
            },
            {
              value: "csv",
              label: "CSV file",
              content: (
                <NumbersForm section={section} csv onCancel={() => onOpenChange(false)} onDone={done} />
              ),
            },
          ]}
        />
      )}
    </Dialog>
  );
}

const enrolPath = (section: Section) => `/api/sections/${section.id}/enrollments`;

function Footer({
  onCancel,
  busy,
  disabled,
  label,
  status,
}: {
  onCancel: () => void;
  busy: boolean;
  disabled?: boolean;
  label: string;
  status?: string;
}) {
  return (
    <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-4">
      <p className="text-sm text-slate-600" aria-live="polite">
        {status}
      </p>
      <div className="flex gap-2">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} disabled={disabled}>
          {label}
        </Button>
      </div>
    </div>
  );
}

function Picker({
  section,
  onCancel,
  onDone,
}: {
  section: Section;
  onCancel: () => void;
  onDone: (a: EnrolAnswer) => unknown;
}) {
  const picker = useStudentPicker(section.students);
  const { chosen } = picker;
  const enrol = useAction(async () => {
    await onDone(await apiPost<EnrolAnswer>(enrolPath(section), { student_ids: [...chosen] }));
  });
  const busy = enrol.busy;

  async function submit(event: FormEvent) {
    event.preventDefault();
    await enrol.run();
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 pb-2">
      <StudentPickerFields picker={picker} />
      <Footer
        onCancel={onCancel}
        busy={busy}
        disabled={chosen.size === 0}
        label="Enrol students"
        status={picker.status}
      />
    </form>
  );
}

const numbersForm = z.object({
  numbers: z
    .string()
    .refine((text) => studentNumbersIn(text).length > 0, {
      error: "No student numbers found: one per line, or separated by commas.",
    })
    .refine((text) => studentNumbersIn(text).length <= MAX_ENROL, {
      error: `At most ${MAX_ENROL} students at a time.`,
    }),
  begin_date: z.string(),
  end_date: z.string(),
});
type NumbersForm = z.infer<typeof numbersForm>;

/** Student numbers pasted, or read from a CSV file (every cell that is a student number). */
// eslint-disable-next-line max-lines-per-function -- one form: the numbers, the CSV picker and the server's per-number answers
function NumbersForm({
  section,
  csv,
  onCancel,
  onDone,
}: {
  section: Section;
  csv?: boolean;
  onCancel: () => void;
  onDone: (a: EnrolAnswer) => unknown;
}) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<NumbersForm>({
    resolver: zodResolver(numbersForm),
    defaultValues: { numbers: "", begin_date: "", end_date: "" },
  });
  const [fileName, setFileName] = useState<string>();
  const found = studentNumbersIn(useWatch({ control, name: "numbers" }) ?? "").length;

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_CSV_BYTES) {
      setError("numbers", { message: "That file is larger than 1 MB: choose a CSV of student numbers." });
      return;
    }
    setFileName(file.name);
    setValue("numbers", await file.text(), { shouldValidate: true });
  }

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await apiPost<EnrolAnswer>(enrolPath(section), {
        student_numbers: studentNumbersIn(values.numbers),
        ...(values.begin_date ? { begin_date: values.begin_date } : {}),
        ...(values.end_date ? { end_date: values.end_date } : {}),
      });
      await onDone(answer);
    } catch (failure) {
      if (failure instanceof ApiClientError && failure.status === 422) {
        // A date outside the section's term shows on its date field; anything else on the numbers.
        const dates = (["begin_date", "end_date"] as const).filter((key) => failure.fieldError(key));
        for (const key of dates) setError(key, { message: failure.fieldError(key)! });
        if (dates.length === 0)
          setError("numbers", {
            message:
              failure.fieldError("student_numbers") ??
              Object.values(failure.errors)[0]?.[0] ??
              failure.message,
          });
      } else setError("root.server", { message: messageOf(failure, "That didn't work. Please try again.") });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 pb-2">
      {csv ? (
        <CsvNumbersField
          id={`csv-${section.id}`}
          fileName={fileName}
          found={found}
          error={errors.numbers ? (errors.numbers.message ?? "") : undefined}
          onFile={(event) => void readFile(event)}
        />
      ) : (
        <TextAreaField
          label="Student numbers"
          rows={6}
          hint="One per line, or separated by commas or spaces (a column copied from a spreadsheet works)."
          error={errors.numbers?.message}
          {...register("numbers")}
        />
      )}
      <div className="flex flex-col gap-4 sm:flex-row">
        <TextField
          label="Enrolled from"
          type="date"
          hint="Leave empty for the whole term."
          error={errors.begin_date?.message}
          containerClassName="sm:max-w-[14rem]"
          {...register("begin_date")}
        />
        <TextField
          label="Enrolled until"
          type="date"
          hint="Leave empty to the end of the term."
          error={errors.end_date?.message}
          containerClassName="sm:max-w-[14rem]"
          {...register("end_date")}
        />
      </div>
      <FormError message={errors.root?.server?.message} />
      <Footer
        onCancel={onCancel}
        busy={isSubmitting}
        label="Enrol students"
        status={found === 1 ? "1 student number" : `${found} student numbers`}
      />
    </form>
  );
}
