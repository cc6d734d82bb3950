"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { inputClasses, TextAreaField, TextField } from "@/components/ui/text-field";
import { apiGet, apiPost } from "@/lib/api/request.client";
import { patternWords, WEEKDAYS, type AppointmentSeries } from "@/lib/requests/series-types";
import { MAX_APPOINTMENT_MEMO } from "@/lib/schedule/schemas";
import type { AppointmentResponse } from "@/lib/core/schedule/types";
import { addDays, dayOfWeek } from "@/lib/core/time";
import { BlockForm, type BlockFormProps } from "./block-form";

export const APPOINTMENT_FAILED = "The appointment could not be created.";
export const UNLOCKED_LABEL = "Let the student still choose (unlocked)";

type Repeat = "none" | "weekday" | "day_type";

/** The day type of the date in the generated calendar (GET /api/school-days), for "Every Day 2". */
function useDayType(date: string): string | null {
  const [dayType, setDayType] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    apiGet<{ days: { date: string; day_type: string | null }[] }>(`/api/school-days?from=${date}&to=${date}`)
      .then((answer) => live && setDayType(answer.days[0]?.day_type ?? null))
      .catch(() => live && setDayType(null));
    return () => {
      live = false;
    };
  }, [date]);
  return dayType;
}

/** What the series' answer says when some occurrences could not be booked. */
export function seriesSummary(series: AppointmentSeries): string {
  const skipped = series.skipped.length;
  const booked = `Booked ${series.booked} ${series.booked === 1 ? "appointment" : "appointments"}, ${series.pattern} until ${series.until}.`;
  if (skipped === 0) return booked;
  const first = series.skipped[0]!;
  return `${booked} ${skipped} could not be booked (${first.date}: ${first.reason}${skipped > 1 ? " …" : ""}).`;
}

/**
 * Staff book a student into a pending block with a memo; optionally clearing the student's plan,
 * unlocked (a request: the student may still choose), or repeating (a recurring request: every
 * weekday, or every day type of a rotation, until a date; POST /api/appointments/series).
 */
// eslint-disable-next-line max-lines-per-function -- one form: the one-off and the recurring booking share its fields
export function AppointmentForm({ studentId, blockId, date, onDone, onCancel }: BlockFormProps) {
  const [memo, setMemo] = useState("");
  const [clearSchedule, setClearSchedule] = useState(false);
  const [unlocked, setUnlocked] = useState(false);
  const [repeat, setRepeat] = useState<Repeat>("none");
  const [until, setUntil] = useState(() => addDays(date, 7 * 8));
  const repeatId = useId();
  const dayType = useDayType(date);
  const weekday = WEEKDAYS[dayOfWeek(date)]!;
  // A weekly timetable's day types are weekday names: then "Every Tuesday" is the one choice.
  const rotation = dayType !== null && dayType !== weekday;

  const book = useAction(
    async () => {
      if (repeat === "none") {
        await apiPost<AppointmentResponse>("/api/appointments/create", {
          student_id: studentId,
          memo: memo.trim(),
          clear_schedule: clearSchedule,
          locked: !unlocked,
          block_id: blockId,
          date,
        });
        snackbar("Booked appointment.", { tone: "success" });
      } else {
        const series = await apiPost<AppointmentSeries>("/api/appointments/series", {
          student_ids: [studentId],
          block_id: blockId,
          ...(repeat === "day_type" ? { day_type: dayType } : { weekday: dayOfWeek(date) }),
          from: date,
          until,
          memo: memo.trim(),
          locked: !unlocked,
        });
        snackbar(seriesSummary(series), { tone: series.skipped.length > 0 ? "default" : "success" });
      }
      await onDone();
    },
    { failed: APPOINTMENT_FAILED },
  );
  const busy = book.busy;

  async function submit(event: FormEvent) {
    event.preventDefault();
    await book.run();
  }

  return (
    <BlockForm onSubmit={submit} busy={busy} submitLabel={repeat === "none" ? "Book appointment" : "Book recurring request"} onCancel={onCancel}>
      <TextAreaField
        label="Appointment memo"
        rows={2}
        value={memo}
        maxLength={MAX_APPOINTMENT_MEMO}
        onChange={(e) => setMemo(e.target.value)}
        hint={`${memo.length}/${MAX_APPOINTMENT_MEMO}`}
        placeholder="What is it for?"
        autoFocus
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={repeatId} className="text-sm font-medium text-slate-800">
          Repeat
        </label>
        <select id={repeatId} value={repeat} onChange={(e) => setRepeat(e.target.value as Repeat)} className={inputClasses()}>
          <option value="none">Does not repeat</option>
          <option value="weekday">{patternWords({ day_type: null, weekday: dayOfWeek(date) }).replace("every", "Every")}</option>
          {rotation && <option value="day_type">{`Every ${dayType}`}</option>}
        </select>
      </div>
      {repeat !== "none" && (
        <TextField
          label="Until"
          type="date"
          value={until}
          min={date}
          max={addDays(date, 365)}
          required
          onChange={(e) => setUntil(e.target.value)}
          hint={`Every ${repeat === "day_type" ? dayType : weekday} Focus Block from ${date} until this date; holidays are left out.`}
        />
      )}
      <Checkbox label={UNLOCKED_LABEL} checked={unlocked} onCheckedChange={setUnlocked} />
      {repeat === "none" && (
        <Checkbox
          label="Clear the student's plan for this block"
          checked={clearSchedule}
          onCheckedChange={setClearSchedule}
        />
      )}
    </BlockForm>
  );
}
