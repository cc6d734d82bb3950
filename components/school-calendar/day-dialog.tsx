"use client";

import { Trash2 } from "lucide-react";
import { useState } from "react";
import useSWR from "swr";
import { Badge } from "@/components/ui/badge";
import { Dialog } from "@/components/ui/dialog";
import { IconButton } from "@/components/ui/icon-button";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { Spinner } from "@/components/ui/spinner";
import { ApiClientError, GENERIC_FAILURE, apiDelete } from "@/lib/api/request.client";
import { clockLabel } from "@/lib/core/time";
import { AddEventForm } from "./add-event-form";
import type { DayEvent, SchoolDay, Timetable } from "./api-types";
import { closedBy, NO_SCHOOL } from "./day-summary";
import { DaySettingsForm } from "./day-settings-form";
import { longDateLabel } from "./month";

/** One date of the calendar: what meets, its events; administrators add and delete events and set the day. */
export function DayDialog({
  date,
  day,
  canEdit,
  onOpenChange,
  onChanged,
  returnFocusTo,
}: {
  date: string | null;
  day: SchoolDay | undefined;
  canEdit: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged: () => Promise<unknown>;
  returnFocusTo: () => HTMLElement | null;
}) {
  return (
    <Dialog
      open={date !== null}
      onOpenChange={onOpenChange}
      title={date ? longDateLabel(date) : ""}
      description={day ? summaryOf(day) : undefined}
      size="lg"
      returnFocusTo={returnFocusTo}
    >
      {date && !day && <Spinner label="Loading the day" />}
      {date && day && <DayBody key={date} day={day} canEdit={canEdit} onChanged={onChanged} />}
    </Dialog>
  );
}

function summaryOf(day: SchoolDay): string {
  if (!day.in_session) return closedBy(day) ? "No school this day." : "The school does not meet this day.";
  const schedule = day.bell_schedule ? `${day.bell_schedule} bell schedule` : "Regular bell schedule";
  return day.day_type ? `${day.day_type}, ${schedule.toLowerCase()}.` : `${schedule}.`;
}

function DayBody({
  day,
  canEdit,
  onChanged,
}: {
  day: SchoolDay;
  canEdit: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const timetable = useSWR<Timetable>(canEdit && day.in_session ? `/api/timetable?date=${day.date}` : null);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="day-blocks-heading">
        <h3 id="day-blocks-heading" className="mb-2 text-sm font-semibold text-slate-900">
          Blocks
        </h3>
        {day.blocks.length === 0 ? (
          <p className="text-sm text-slate-600">No blocks meet on this day.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
            {day.blocks.map((block) => (
              <li key={block.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span className="font-medium text-slate-900">
                  {block.label}
                  {block.flex && (
                    <Badge tone="accent" className="ml-2">
                      Flex
                    </Badge>
                  )}
                </span>
                <span className="text-slate-700 tabular-nums">
                  {clockLabel(block.start)} – {clockLabel(block.end)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <EventList events={day.events} canEdit={canEdit} onChanged={onChanged} />
      {canEdit && (
        <AddEventForm
          date={day.date}
          onAdded={async (name, plansCancelled) => {
            await onChanged();
            const cancelled = plansCancelled === 1 ? "1 plan was" : `${plansCancelled} plans were`;
            snackbar(plansCancelled ? `Added ${name}. ${cancelled} cancelled.` : `Added ${name}.`, { tone: "success" });
          }}
        />
      )}
      {canEdit && day.in_session && timetable.data?.cycle && (
        <DaySettingsForm
          key={`${day.day_type}|${day.bell_schedule}|${day.override?.day_type}`}
          day={day}
          timetable={{ ...timetable.data, cycle: timetable.data.cycle }}
          onSaved={async () => {
            await onChanged();
            snackbar("Saved the day.", { tone: "success" });
          }}
        />
      )}
      {canEdit && !day.in_session && (
        <p className="text-sm text-slate-600">
          There is no school on this day, so it has no day type or bell schedule.
          {closedBy(day) && " Delete the event that closes it to bring the day back."}
        </p>
      )}
    </div>
  );
}

function EventList({
  events,
  canEdit,
  onChanged,
}: {
  events: DayEvent[];
  canEdit: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const [deleting, setDeleting] = useState<number | null>(null);

  const deleteEvent = useAction(
    async (event: DayEvent) => {
      try {
        await apiDelete(`/api/calendar-events/${event.id}`);
      } catch (failure) {
        // Someone else deleted it already: the list catches up, nothing to say.
        if (failure instanceof ApiClientError && failure.status === 404) return void (await onChanged());
        throw failure;
      }
      await onChanged();
      snackbar(`Deleted ${event.name}.`, { tone: "success" });
    },
    { failed: GENERIC_FAILURE },
  );

  async function remove(event: DayEvent) {
    setDeleting(event.id);
    await deleteEvent.run(event);
    setDeleting(null);
  }

  return (
    <section aria-labelledby="day-events-heading">
      <h3 id="day-events-heading" className="mb-2 text-sm font-semibold text-slate-900">
        Events
      </h3>
      {events.length === 0 ? (
        <p className="text-sm text-slate-600">No events on this day.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
          {events.map((event) => (
            <li key={event.id} className="flex items-center justify-between gap-3 px-3 py-1.5 text-sm">
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="font-medium break-words text-slate-900">{event.name}</span>
                {event.no_blocks && <Badge tone="danger">{NO_SCHOOL}</Badge>}
              </span>
              {canEdit &&
                (deleting === event.id ? (
                  <Spinner size="sm" label={`Deleting ${event.name}`} />
                ) : (
                  <IconButton
                    label={`Delete ${event.name}`}
                    icon={<Trash2 className="size-4" />}
                    size="sm"
                    onClick={() => remove(event)}
                  />
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
