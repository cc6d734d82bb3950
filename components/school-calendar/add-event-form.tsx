"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError, apiPost, messageOf } from "@/lib/api/request.client";
import { calendarEventBody } from "@/lib/calendar/schemas";

/** What the server says closing a day would do (POST /api/calendar-events with dry_run). */
interface ClosureDryRun {
  plans_cancelled: number;
}

const plansWords = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "plan" : "plans"}`;

/**
 * Adds a named event (a holiday, a professional-development day) to one date. A day without school
 * cancels the students' plans on it: a dry run asks the server first, and when there are plans the
 * form says how many before the event is added (they come back if it is deleted before the day).
 */
// eslint-disable-next-line max-lines-per-function -- one form: the event's name, dates and closure in order
export function AddEventForm({
  date,
  onAdded,
}: {
  date: string;
  onAdded: (name: string, plansCancelled: number) => Promise<void>;
}) {
  const [name, setName] = useState("");
  const [noSchool, setNoSchool] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; form?: string }>({});
  const [sending, setSending] = useState(false);
  /** The dry run's answer, shown until the event is added or the form changes. */
  const [closing, setClosing] = useState<ClosureDryRun | null>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  // The dry run's answer takes focus when it appears, so a keyboard or screen reader user hears it first.
  useEffect(() => {
    if (closing) notice.current?.focus();
  }, [closing]);

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
      if (checked.data.no_blocks && !closing) {
        const dry = await apiPost<ClosureDryRun>("/api/calendar-events", { ...checked.data, dry_run: true });
        if (dry.plans_cancelled > 0) {
          setClosing(dry);
          return;
        }
      }
      const added = await apiPost<{ plans_cancelled?: number }>("/api/calendar-events", checked.data);
      setName("");
      setNoSchool(false);
      setClosing(null);
      await onAdded(checked.data.name, added.plans_cancelled ?? 0);
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
        onChange={(e) => {
          setName(e.target.value);
          setClosing(null);
        }}
        error={errors.name}
      />
      <Checkbox
        label="No school that day"
        checked={noSchool}
        onCheckedChange={(on) => {
          setNoSchool(on);
          setClosing(null);
        }}
      />
      {closing && (
        <p
          ref={notice}
          tabIndex={-1}
          role="status"
          data-testid="closure-dry-run"
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200 focus:outline-none"
        >
          Closing this day cancels {plansWords(closing.plans_cancelled)} students made for it. They come back if you
          delete the event before the day.
        </p>
      )}
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={closing ? "danger" : "secondary"} loading={sending}>
          {closing ? `Close the day and cancel ${plansWords(closing.plans_cancelled)}` : "Add event"}
        </Button>
        {closing && (
          <Button variant="secondary" onClick={() => setClosing(null)}>
            Keep the day
          </Button>
        )}
      </div>
    </form>
  );
}
