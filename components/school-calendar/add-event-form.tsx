"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError, apiPost, messageOf } from "@/lib/api/request.client";
import { calendarEventBody } from "@/lib/calendar/schemas";

/** Adds a named event (a holiday, a professional-development day) to one date. */
export function AddEventForm({ date, onAdded }: { date: string; onAdded: (name: string) => Promise<void> }) {
  const [name, setName] = useState("");
  const [noSchool, setNoSchool] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; form?: string }>({});
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = calendarEventBody.safeParse({ date, name, no_blocks: noSchool });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      return setErrors(issue.path[0] === "name" ? { name: issue.message } : { form: issue.message });
    }
    setErrors({});
    setSending(true);
    try {
      await apiPost("/api/calendar-events", checked.data);
      setName("");
      setNoSchool(false);
      await onAdded(checked.data.name);
    } catch (failure) {
      const apiError = failure instanceof ApiClientError && failure.status === 422 ? failure : null;
      const nameError = apiError?.fieldError("name");
      const other =
        apiError?.fieldError("date") ?? apiError?.fieldError("no_blocks") ?? apiError?.fieldError("body");
      setErrors({ name: nameError, form: nameError ? other : (other ?? messageOf(failure)) });
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-labelledby="add-event-heading">
      <h3 id="add-event-heading" className="text-sm font-semibold text-slate-900">
        Add an event
      </h3>
      <TextField
        label="Event name"
        placeholder="Professional development day"
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <Checkbox label="No school that day" checked={noSchool} onCheckedChange={setNoSchool} />
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <Button type="submit" variant="secondary" loading={sending} className="self-start">
        Add event
      </Button>
    </form>
  );
}
