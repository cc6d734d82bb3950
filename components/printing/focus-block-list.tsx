"use client";

import useSWR from "swr";
import { useSchedule } from "@/components/calendar/use-schedule";
import { LoadError } from "@/components/ui/load-error";
import { Spinner } from "@/components/ui/spinner";
import type { StaffProfile, StaffScheduleBlock, StaffScheduleResponse } from "@/lib/core/schedule/types";
import { DateSteps } from "./date-steps";
import { rosterOf, type RosterRow } from "./focus-block-roster";
import { PrintTable, TickBox, type PrintColumn } from "./print-table";
import { PrintView } from "./print-view";
import { usePrintDate } from "./use-print-date";

const columns: PrintColumn<RosterRow>[] = [
  { header: "Student", cell: (r) => <span className="font-medium">{r.name}</span> },
  { header: "Why", cell: (r) => r.why },
  { header: "Here", cell: () => <TickBox />, className: "w-16 text-center" },
  { header: "Notes", cell: () => null, className: "w-1/4" },
];

/**
 * /staff/{id}/print?date=: a teacher's flex blocks on a date with the students expected in each (planned
 * and with an appointment) and a column to tick, for a supply teacher or a fire drill. It reads the
 * teacher's week (GET /api/staff/{id}/schedule/{date}), so it shows what the viewer may see there.
 */
export function FocusBlockListView({ staffId }: { staffId: number }) {
  const { date, today, setDate } = usePrintDate();
  const profile = useSWR<StaffProfile>(`/api/staff/profile/${staffId}`);
  const week = useSchedule<StaffScheduleResponse>(`/api/staff/${staffId}/schedule`, date);
  const day = week.data?.schedule.find((d) => d.date.iso === date);
  const blocks = day?.blocks.filter((b) => b.flex) ?? [];
  const name = profile.data?.name;
  const when = day ? `${day.date.day} ${day.date.full_date}` : date;

  return (
    <PrintView
      title={name ? `Focus Block list: ${name}` : "Focus Block list"}
      description={when}
      back={{ href: `/staff/${staffId}?date=${date}`, label: "Back to the profile" }}
      controls={<DateSteps value={date} onChange={setDate} today={today} days={1} unit="day" />}
    >
      {week.error && !week.data ? (
        <LoadError error={week.error} what="schedule" onRetry={() => void week.mutate()} />
      ) : !week.data || (week.isValidating && !day) ? (
        <Spinner label="Loading the list" className="flex justify-center py-10 text-indigo-600" />
      ) : blocks.length === 0 ? (
        <p className="text-sm text-slate-700">No Focus Block on {when}.</p>
      ) : (
        blocks.map((block) => <BlockRoster key={block.id} block={block} when={when} />)
      )}
    </PrintView>
  );
}

function BlockRoster({ block, when }: { block: StaffScheduleBlock; when: string }) {
  const rows = rosterOf(block);
  const topic = block.scheduled && "topic" in block.scheduled ? block.scheduled.topic.memo : null;
  const everyone = block.amendments.filter((a) => a.student === null);
  return (
    <section aria-label={`${block.label}, ${when}`} className="flex flex-col gap-2">
      <h2 className="text-base font-semibold text-slate-900">
        {block.label} · {block.start}–{block.end}
        {topic ? ` · ${topic}` : ""}
        <span className="font-normal text-slate-600">
          {" "}
          · {rows.length === 1 ? "1 student" : `${rows.length} students`}
        </span>
      </h2>
      {everyone.map((a) => (
        <p key={a.id} className="text-sm text-slate-700">
          For every student: {a.memo}
        </p>
      ))}
      <PrintTable
        label={`Students expected in ${block.label}, ${when}`}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty="No students scheduled."
      />
    </section>
  );
}
