"use client";

import { CalendarClock, Lock, LockOpen } from "lucide-react";
import { useState, type FormEvent } from "react";
import useSWR from "swr";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { Spinner } from "@/components/ui/spinner";
import { TextAreaField, TextField } from "@/components/ui/text-field";
import { apiDelete, apiPatch } from "@/lib/api/request.client";
import type { AppointmentSeries } from "@/lib/requests/series-types";
import { MAX_APPOINTMENT_MEMO } from "@/lib/schedule/schemas";
import { UNLOCKED_LABEL } from "@/components/calendar/appointment-form";

export const SERIES_KEY = "/api/appointments/series";

const names = (series: AppointmentSeries) => {
  const list = series.students.map((s) => s.name);
  return list.length <= 3 ? list.join(", ") : `${list.slice(0, 3).join(", ")} and ${list.length - 3} more`;
};

/**
 * /calendar/recurring-requests: the caller's recurring requests (an administrator's: everyone's), each
 * with its pattern, students, dates and what could not be booked; edit (memo, lock, end date) or cancel
 * the series as one. New ones are booked from a student's block ("Repeat" in New appointment).
 */
export function RecurringRequestsScreen() {
  const { data, error, isLoading, mutate } = useSWR<AppointmentSeries[]>(SERIES_KEY);
  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageHeader
        title="Recurring requests"
        description="Appointments that repeat every weekday or day type until a date. Book one from a student's Focus Block: New appointment, then Repeat."
      />
      {error ? (
        <LoadError error={error} what="recurring requests" onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <Spinner />
      ) : data.length === 0 ? (
        <EmptyState icon={<CalendarClock aria-hidden className="size-6" />} title="No recurring requests yet" />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Recurring requests">
          {data.map((series) => (
            <SeriesCard key={series.id} series={series} onChanged={() => void mutate()} />
          ))}
        </ul>
      )}
    </div>
  );
}

// eslint-disable-next-line max-lines-per-function -- one card: the series, its edit form and its cancel confirm
function SeriesCard({ series, onChanged }: { series: AppointmentSeries; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const cancelled = series.cancelled_at !== null;
  const closed = series.dates.filter((d) => !d.meets).length;

  const cancelSeries = useAction(
    async () => {
      const answer = await apiDelete<AppointmentSeries & { cancelled: number }>(`${SERIES_KEY}/${series.id}`);
      snackbar(`Cancelled the recurring request: ${answer.cancelled} ${answer.cancelled === 1 ? "appointment" : "appointments"}.`, { tone: "success" });
      onChanged();
    },
    { failed: "The recurring request could not be cancelled.", rethrow: true },
  ).run;

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="series-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">
            {series.block.label}, {series.pattern}
          </h2>
          <p className="text-sm text-slate-700">
            {series.from} until {series.until} · {series.staff.name}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {cancelled ? <Badge tone="danger">Cancelled</Badge> : null}
          <Badge tone={series.locked ? "neutral" : "success"}>
            {series.locked ? <Lock aria-hidden className="size-3" /> : <LockOpen aria-hidden className="size-3" />}
            {series.locked ? "Locked" : "Unlocked"}
          </Badge>
        </div>
      </div>
      {series.memo && <p className="mt-2 text-sm break-words text-slate-800">{series.memo}</p>}
      <p className="mt-2 text-sm text-slate-700">
        {names(series)} · {series.booked} booked
        {closed > 0 ? ` · ${closed} ${closed === 1 ? "day" : "days"} closed since booking` : ""}
      </p>
      {series.skipped.length > 0 && (
        <details className="mt-2 text-sm text-slate-700">
          <summary className="cursor-pointer rounded-sm font-medium text-indigo-700 hover:underline">
            {series.skipped.length} could not be booked
          </summary>
          <ul className="mt-1 list-disc pl-5">
            {series.skipped.slice(0, 50).map((skip) => (
              <li key={`${skip.student_id}:${skip.date}`}>
                {skip.date}, {series.students.find((s) => s.id === skip.student_id)?.name ?? "a student"}: {skip.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {!cancelled && (
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
            Edit
          </Button>
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
            Cancel series
          </Button>
        </div>
      )}
      {editing && !cancelled && (
        <EditSeries
          series={series}
          onDone={() => {
            setEditing(false);
            onChanged();
          }}
          onCancel={() => setEditing(false)}
        />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel this recurring request?"
        description={`Every appointment still ahead (${series.pattern}, until ${series.until}) is cancelled and each student is told. Past ones stay.`}
        confirmLabel="Cancel series"
        cancelLabel="Keep it"
        destructive
        onConfirm={cancelSeries}
      />
    </li>
  );
}

function EditSeries({ series, onDone, onCancel }: { series: AppointmentSeries; onDone: () => void; onCancel: () => void }) {
  const [memo, setMemo] = useState(series.memo);
  const [until, setUntil] = useState(series.until);
  const [unlocked, setUnlocked] = useState(!series.locked);
  const save = useAction(
    async () => {
      await apiPatch<AppointmentSeries>(`${SERIES_KEY}/${series.id}`, { memo: memo.trim(), until, locked: !unlocked });
      snackbar("Saved the recurring request.", { tone: "success" });
      onDone();
    },
    { failed: "The recurring request could not be saved." },
  );
  const busy = save.busy;

  async function submit(event: FormEvent) {
    event.preventDefault();
    await save.run();
  }

  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <TextAreaField
        label="Memo"
        rows={2}
        value={memo}
        maxLength={MAX_APPOINTMENT_MEMO}
        onChange={(e) => setMemo(e.target.value)}
        hint={`${memo.length}/${MAX_APPOINTMENT_MEMO}`}
      />
      <TextField
        label="Until"
        type="date"
        value={until}
        min={series.from}
        required
        onChange={(e) => setUntil(e.target.value)}
        hint="An earlier date cancels the appointments after it; a later one books the new dates."
      />
      <Checkbox label={UNLOCKED_LABEL} checked={unlocked} onCheckedChange={setUnlocked} />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
          Close
        </Button>
        <Button type="submit" size="sm" loading={busy}>
          Save
        </Button>
      </div>
    </form>
  );
}
