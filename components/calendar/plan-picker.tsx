"use client";

import { Check, Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import useSWR from "swr";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { focusRing } from "@/components/ui/button";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { Tooltip } from "@/components/ui/tooltip";
import { apiPost, apiRequest, messageOf } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";
import type { SchedulePlanResponse, StaffListEntry, StaffListResponse, WaitlistJoinResponse } from "@/lib/core/schedule/types";
import { Button } from "@/components/ui/button";
import { useSchoolTimezone } from "@/components/audit/use-school-time";
import { useDateWords } from "@/components/i18n/use-date-words";
import { waitlistClock } from "./waitlist-words";
import { paletteHex } from "./palette";
import { containsFolded } from "@/lib/core/fold";

type StaffListKey = readonly [string, number, string];
const staffListFetcher = ([path, block_id, date]: StaffListKey) =>
  apiPost<StaffListResponse>(path, { block_id, date });

/** Whether the row's topic is closed to this student (who may join; `open` is absent from older servers). */
export const isClosed = (entry: StaffListEntry) => entry.open === false;

/** A row cannot be chosen when the teacher has no seats left, marked the block unavailable or the topic is not open to the student. */
export const isUnavailable = (entry: StaffListEntry) =>
  entry.num_remaining <= 0 || !!entry.topic?.unavailable || isClosed(entry);

/** A full teacher (not unavailable) has a waitlist the student may join. */
const isFull = (entry: StaffListEntry) => entry.num_remaining <= 0 && !entry.topic?.unavailable;

type WaitlistAction = "join" | "leave" | "accept";

/** The student's writes from the picker: set the plan, and join, leave or accept a waitlist's seat. */
function usePlanWrites(blockId: number, date: string, mutate: () => Promise<unknown>, onPlanned?: () => unknown) {
  const t = useTranslations("choose");
  const plan = useAction(async (entry: StaffListEntry) => {
    await apiPost<SchedulePlanResponse>("/api/students/schedule-plan", {
      staff_id: entry.staff.id,
      block_id: blockId,
      date,
    });
    snackbar(t("picker.planSet"), { tone: "success" });
    await Promise.all([mutate(), onPlanned?.()]);
    return true;
  });

  const changeWaitlist = useAction(async (entry: StaffListEntry, action: WaitlistAction) => {
    const body = { staff_id: entry.staff.id, block_id: blockId, date };
    const name = shortName(entry.staff.name);
    if (action === "join") {
      const joined = await apiPost<WaitlistJoinResponse>("/api/students/waitlist", body);
      snackbar(t("waitlist.joined", { position: joined.position, name }), { tone: "success" });
    } else if (action === "leave") {
      await apiRequest("DELETE", "/api/students/waitlist", body);
      snackbar(t("waitlist.left", { name }), { tone: "success" });
    } else {
      await apiPost<SchedulePlanResponse>("/api/students/waitlist/accept", body);
      snackbar(t("waitlist.tookSeat", { name }), { tone: "success" });
    }
    await Promise.all([mutate(), action === "accept" ? onPlanned?.() : null]);
    return true;
  });

  return { plan, changeWaitlist };
}

/**
 * The teachers a student can plan for a flex block, each with "remaining of capacity" seats.
 * `canChoose` (the student on their own profile): picking a row sets the plan.
 */
export function PlanPicker({
  blockId,
  date,
  currentStaffId,
  canChoose,
  onPlanned,
}: {
  blockId: number;
  date: string;
  currentStaffId: number | null;
  canChoose: boolean;
  onPlanned?: () => unknown;
}) {
  const t = useTranslations("choose.picker");
  const key: StaffListKey = ["/api/students/staff-list", blockId, date];
  const { data, error, isLoading, mutate } = useSWR(key, staffListFetcher);
  const [query, setQuery] = useState("");
  const [saving, setSaving] = useState<number | null>(null);
  const [waiting, setWaiting] = useState<{ id: number; action: WaitlistAction } | null>(null);

  const rows = useMemo(() => {
    const list = data ?? [];
    if (!query.trim()) return list;
    // Accents and case aside, as every search (lib/core/fold.ts).
    return list.filter((e) => containsFolded(e.staff.name, query) || (e.topic && containsFolded(e.topic.memo, query)));
  }, [data, query]);

  const { plan, changeWaitlist } = usePlanWrites(blockId, date, mutate, onPlanned);

  async function choose(entry: StaffListEntry) {
    if (canChoose && isClosed(entry) && entry.staff.id !== currentStaffId) {
      // The server's closed_reason stays as it came; the mark is NOT_OPEN_TO_YOU (lib/choice/audience.ts) in English.
      snackbar(entry.closed_reason ?? t("notOpenToYou"), { tone: "error" });
      return;
    }
    if (!canChoose || isUnavailable(entry) || saving !== null || entry.staff.id === currentStaffId) return;
    setSaving(entry.staff.id);
    // A refused plan reloads the list: the seat count or the block's state has moved on.
    if (!(await plan.run(entry))) await mutate();
    setSaving(null);
  }

  async function onWaitlist(entry: StaffListEntry, action: WaitlistAction) {
    if (waiting !== null) return;
    setWaiting({ id: entry.staff.id, action });
    if (!(await changeWaitlist.run(entry, action))) await mutate();
    setWaiting(null);
  }

  if (isLoading) return <Spinner label={t("loading")} className="py-3 text-slate-500" />;
  if (error) return <p className="text-sm text-red-700">{messageOf(error, t("loadFailed"))}</p>;
  if (!data || data.length === 0) return <p className="text-sm text-slate-600">{t("nothingToShow")}</p>;

  return (
    <div className="flex flex-col gap-2">
      {data.length > 6 && (
        <TextField
          label={t("find")}
          hideLabel
          placeholder={t("find")}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          trailing={<Search aria-hidden className="mr-2 size-4 text-slate-400" />}
        />
      )}
      <ul
        className="flex max-h-72 flex-col gap-1 overflow-y-auto rounded-lg border border-slate-200 p-1"
        aria-label={t("teachers")}
      >
        {rows.map((entry) => (
          <li key={entry.staff.id}>
            <PlanRow
              entry={entry}
              current={entry.staff.id === currentStaffId}
              canChoose={canChoose}
              saving={saving === entry.staff.id}
              onChoose={() => choose(entry)}
              waitlistBusy={waiting?.id === entry.staff.id ? waiting.action : null}
              onWaitlist={(action) => onWaitlist(entry, action)}
            />
          </li>
        ))}
        {rows.length === 0 && <li className="px-3 py-2 text-sm text-slate-600">{t("noMatch")}</li>}
      </ul>
    </div>
  );
}

const shortName = (name: string) => name.split(", ")[0] ?? name;

function PlanRow({
  entry,
  current,
  canChoose,
  saving,
  onChoose,
  waitlistBusy,
  onWaitlist,
}: {
  entry: StaffListEntry;
  current: boolean;
  canChoose: boolean;
  saving: boolean;
  onChoose: () => void;
  waitlistBusy: WaitlistAction | null;
  onWaitlist: (action: WaitlistAction) => void;
}) {
  const t = useTranslations("choose.picker");
  const unavailable = isUnavailable(entry);
  const closed = isClosed(entry);
  const body = <RowBody entry={entry} current={current} canChoose={canChoose} saving={saving} />;
  const rowClasses = cn(
    "flex w-full items-center gap-3 rounded-md px-2.5 py-2 text-left",
    current && "bg-indigo-50 ring-1 ring-indigo-200 ring-inset",
    unavailable && !current && "bg-slate-50",
  );
  if (!canChoose) return <div className={rowClasses}>{body}</div>;

  // A full teacher's waitlist (a seat may free before the deadline): join it, see one's place and leave it, or take the seat held
  // for one (offer mode). The row itself is not a button then, so its actions are reachable by Tab.
  const position = entry.waitlist_position ?? null;
  if (!current && (entry.offered_until || (isFull(entry) && canChoose))) {
    const name = shortName(entry.staff.name);
    return (
      <div className={cn(rowClasses, "flex-wrap")} data-testid={`plan-teacher-${entry.staff.id}`}>
        {body}
        <div className="flex w-full flex-wrap items-center justify-end gap-2 pl-11">
          <WaitlistActions entry={entry} name={name} position={position} busy={waitlistBusy} onWaitlist={onWaitlist} />
        </div>
      </div>
    );
  }

  const button = (
    <button
      type="button"
      onClick={onChoose}
      data-testid={`plan-teacher-${entry.staff.id}`}
      aria-disabled={unavailable || current || undefined}
      aria-pressed={current}
      className={cn(
        rowClasses,
        focusRing,
        unavailable ? "cursor-not-allowed" : !current && "hover:bg-slate-50",
      )}
    >
      {body}
    </button>
  );
  if (closed) return <Tooltip content={entry.closed_reason ?? t("notOpenToYou")}>{button}</Tooltip>;
  return unavailable ? <Tooltip content={t("teacherUnavailable")}>{button}</Tooltip> : button;
}

/** A row's teacher, topic, closed reason, seats and plan state. */
function RowBody({
  entry,
  current,
  canChoose,
  saving,
}: {
  entry: StaffListEntry;
  current: boolean;
  canChoose: boolean;
  saving: boolean;
}) {
  const t = useTranslations("choose.picker");
  const unavailable = isUnavailable(entry);
  const seats = entry.seats ?? entry.staff.capacity;
  const closed = isClosed(entry);
  return (
    <>
      <Avatar initials={entry.staff.initials} color={entry.staff.color} size="sm" />
      <span className="min-w-0 flex-1">
        <span className={cn("block truncate text-sm font-medium", closed ? "text-slate-600" : "text-slate-900")}>
          {entry.staff.name}
        </span>
        <span className="flex items-center gap-1.5 text-xs text-slate-600">
          {entry.topic ? (
            <>
              <span
                aria-hidden
                className="size-2 shrink-0 rounded-full"
                style={{ backgroundColor: paletteHex(entry.topic.color) }}
              />
              <span className="truncate">{entry.topic.memo || t("untitledTopic")}</span>
            </>
          ) : (
            <span>{t("noTopic")}</span>
          )}
        </span>
        {closed && entry.closed_reason && (
          <span className="mt-0.5 block text-xs text-slate-600" data-testid={`plan-closed-reason-${entry.staff.id}`}>
            {entry.closed_reason}
          </span>
        )}
      </span>
      <span className="flex shrink-0 flex-col items-end gap-0.5">
        <span
          className={cn(
            // On a phone "25 seats left of 30" takes two short lines, leaving the name its room.
            "max-w-24 text-right text-sm leading-tight font-medium tabular-nums sm:max-w-none",
            unavailable ? "text-slate-600" : "text-slate-800",
          )}
        >
          {t("seatsLeft", { remaining: entry.num_remaining, capacity: seats })}
        </span>
        {current ? (
          <Badge tone="accent">
            <Check aria-hidden className="size-3" /> {canChoose ? t("yourPlan") : t("planned")}
          </Badge>
        ) : closed ? (
          <span className="text-xs text-slate-600">{t("notOpenToYou")}</span>
        ) : entry.topic?.unavailable ? (
          <span className="text-xs text-slate-600">{t("unavailable")}</span>
        ) : entry.offered_until ? (
          <Badge tone="success">{t("seatHeld")}</Badge>
        ) : entry.num_remaining <= 0 ? (
          <span className="text-xs text-slate-600">{entry.waitlist ? t("fullWaiting", { count: entry.waitlist }) : t("full")}</span>
        ) : null}
      </span>
      {saving && <Spinner size="sm" className="text-indigo-600" />}
    </>
  );
}

/** A full teacher's waitlist: accept the seat held for one, leave it (with one's place), or join it. */
function WaitlistActions({
  entry,
  name,
  position,
  busy,
  onWaitlist,
}: {
  entry: StaffListEntry;
  name: string;
  position: number | null;
  busy: WaitlistAction | null;
  onWaitlist: (action: WaitlistAction) => void;
}) {
  const t = useTranslations("choose.waitlist");
  const heldUntil = useHeldUntil();
  return entry.offered_until ? (
    <>
      <span className="mr-auto text-xs text-slate-700">{t("heldUntil", { time: heldUntil(entry.offered_until) })}</span>
      <Button size="sm" loading={busy === "accept"} onClick={() => onWaitlist("accept")} aria-label={t("acceptLabel", { name })}>
        {t("accept")}
      </Button>
    </>
  ) : position !== null ? (
    <>
      <span className="mr-auto text-xs text-slate-700" data-testid={`waitlist-position-${entry.staff.id}`}>
        {t("position", { position })}
      </span>
      <Button variant="secondary" size="sm" loading={busy === "leave"} onClick={() => onWaitlist("leave")} aria-label={t("leaveLabel", { name })}>
        {t("leave")}
      </Button>
    </>
  ) : (
    <Button variant="secondary" size="sm" loading={busy === "join"} onClick={() => onWaitlist("join")} aria-label={t("joinLabel", { name })}>
      {t("join")}
    </Button>
  );
}

/** The clock time a held seat is kept until, in the school's time zone: "10:30"; "10 h 30". */
function useHeldUntil() {
  const timezone = useSchoolTimezone();
  const dates = useDateWords();
  return (at: string) => dates.instant(at, { hour: "numeric", minute: "2-digit", timeZone: timezone }, waitlistClock(at, timezone));
}
