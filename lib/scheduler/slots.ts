import { blocksMeetOn } from "@/lib/schedule/school-days";
import { addDays, dayOfWeek, schoolInstant, type SchoolDate } from "@/lib/core/time";

/** A flex block's occurrence on a date (the school calendar, docs/design/calendar.md#school-days-and-block-occurrences). */
export interface Meeting {
  block_id: number;
  label: string;
  date: SchoolDate;
  start: string;
  end: string;
  /** The rotation's day type of the date (null on a weekly timetable). */
  day_type?: string | null;
}

/** One block occurrence a batch covers. */
export interface Slot {
  block_id: number;
  label: string;
  date: SchoolDate;
  start: string;
  end: string;
  /** The instant the block ends on that date: pending while it is ahead. */
  ends_at: Date;
}

export interface SlotChoice {
  from: SchoolDate;
  to: SchoolDate;
  /** null: every weekday. */
  weekdays: readonly number[] | null;
  /** null: every flex block. */
  blockIds: readonly number[] | null;
  /** null: every day type; else only dates of these day types of the rotation ("Day 2"). */
  dayTypes?: readonly string[] | null;
  /** Days no block meets (calendar events with `no_blocks`): skipped. */
  noBlockDates: readonly SchoolDate[];
}

/**
 * The occurrences of the chosen flex blocks on the chosen weekdays (and day types of a rotation) from
 * `from` to `to`, in date order,
 * but none on a no-blocks day (lib/schedule/school-days.ts; the range is inside the school year already).
 */
export function batchSlots(choice: SlotChoice, meetings: readonly Meeting[], timezone: string): Slot[] {
  const slots: Slot[] = [];
  for (let date = choice.from; date <= choice.to; date = addDays(date, 1)) {
    const weekday = dayOfWeek(date);
    if (choice.weekdays && !choice.weekdays.includes(weekday)) continue;
    if (!blocksMeetOn(date, choice)) continue;
    for (const meeting of meetings) {
      if (meeting.date !== date) continue;
      if (choice.blockIds && !choice.blockIds.includes(meeting.block_id)) continue;
      if (choice.dayTypes && !choice.dayTypes.includes(meeting.day_type ?? "")) continue;
      slots.push({
        block_id: meeting.block_id,
        label: meeting.label,
        date,
        start: meeting.start,
        end: meeting.end,
        ends_at: schoolInstant(date, meeting.end, timezone),
      });
    }
  }
  return slots;
}

/** The distinct dates of the slots, in order. */
export const slotDates = (slots: readonly Slot[]) => [...new Set(slots.map((slot) => slot.date))];
