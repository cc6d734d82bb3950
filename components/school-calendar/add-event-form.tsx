"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { TextField } from "@/components/ui/text-field";
import { apiPost } from "@/lib/api/request.client";
import { calendarEventBody } from "@/lib/calendar/schemas";
import { placeServerErrors } from "./server-errors";

/** What the server says closing a day would do (POST /api/calendar-events with dry_run). */
interface ClosureDryRun {
  plans_cancelled: number;
}

const eventForm = calendarEventBody.pick({ name: true, no_blocks: true });

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
  // The form's values are the request's body but its date (the day shown); the route's schema checks them first.
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof eventForm>, unknown, z.output<typeof eventForm>>({
    resolver: zodResolver(eventForm),
    defaultValues: { name: "", no_blocks: false },
  });
  /** The dry run's answer, shown until the event is added or the form changes. */
  const [closing, setClosing] = useState<ClosureDryRun | null>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  // The dry run's answer takes focus when it appears, so a keyboard or screen reader user hears it first.
  useEffect(() => {
    if (closing) notice.current?.focus();
  }, [closing]);

  const submit = handleSubmit(async (values) => {
    const body = { date, ...values, dry_run: false };
    try {
      if (body.no_blocks && !closing) {
        const dry = await apiPost<ClosureDryRun>("/api/calendar-events", { ...body, dry_run: true });
        if (dry.plans_cancelled > 0) {
          setClosing(dry);
          return;
        }
      }
      const added = await apiPost<{ plans_cancelled?: number }>("/api/calendar-events", body);
      reset({ name: "", no_blocks: false });
      setClosing(null);
      await onAdded(body.name, added.plans_cancelled ?? 0);
    } catch (failure) {
      // The name's refusal goes under it; the date's, the closure's and any other failure above the buttons.
      placeServerErrors(failure, setError, (path) => (path === "name" ? "name" : null));
    }
  });
  const formError = errors.root?.server?.message ?? errors.no_blocks?.message;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-labelledby="add-event-heading">
      <h3 id="add-event-heading" className="text-sm font-semibold text-slate-900">
        Add an event
      </h3>
      <TextField
        label="Event name"
        placeholder="Professional development day"
        maxLength={120}
        error={errors.name?.message}
        {...register("name", { onChange: () => setClosing(null) })}
      />
      <Controller
        control={control}
        name="no_blocks"
        render={({ field }) => (
          <Checkbox
            label="No school that day"
            checked={field.value ?? false}
            onCheckedChange={(on) => {
              field.onChange(on);
              setClosing(null);
            }}
          />
        )}
      />
      {closing && (
        <p
          ref={notice}
          tabIndex={-1}
          role="status"
          data-testid="closure-dry-run"
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200 focus:outline-none"
        >
          Closing this day cancels {plansWords(closing.plans_cancelled)} students made for it. They come back
          if you delete the event before the day.
        </p>
      )}
      {formError && (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={closing ? "danger" : "secondary"} loading={isSubmitting}>
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
