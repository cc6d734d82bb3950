"use client";

import { useId } from "react";
import { Button, focusRing } from "@/components/ui/button";
import { DatePicker } from "@/components/ui/date-picker";
import { cn } from "@/lib/cn";
import type { AuditLogView } from "@/lib/audit/service.server";

export interface AuditFilterValues {
  actor: string;
  action: string;
  from: string | null;
  to: string | null;
}

export const NO_FILTERS: AuditFilterValues = { actor: "", action: "", from: null, to: null };

/** The query string of the filters (empty ones left out). */
export function filterQuery(filters: AuditFilterValues): string {
  const params = new URLSearchParams();
  if (filters.actor) params.set("actor", filters.actor);
  if (filters.action) params.set("action", filters.action);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  const text = params.toString();
  return text ? `?${text}` : "";
}

const selectClasses = cn(
  "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900",
  focusRing,
);

/** Filters by actor, action and dates (the choices come from the log itself). */
export function AuditFilters({
  value,
  onChange,
  choices,
}: {
  value: AuditFilterValues;
  onChange: (value: AuditFilterValues) => void;
  choices: Pick<AuditLogView, "actors" | "actions"> | undefined;
}) {
  const id = useId();
  const set = (patch: Partial<AuditFilterValues>) => onChange({ ...value, ...patch });
  const any = value.actor || value.action || value.from || value.to;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-actor`} className="text-sm font-medium text-slate-800">
          Actor
        </label>
        <select
          id={`${id}-actor`}
          value={value.actor}
          onChange={(e) => set({ actor: e.target.value })}
          className={selectClasses}
        >
          <option value="">Everyone</option>
          {choices?.actors.map((a) => (
            <option key={a.user_id} value={String(a.user_id)}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-action`} className="text-sm font-medium text-slate-800">
          Action
        </label>
        <select
          id={`${id}-action`}
          value={value.action}
          onChange={(e) => set({ action: e.target.value })}
          className={selectClasses}
        >
          <option value="">Every action</option>
          {choices?.actions.map((a) => (
            <option key={a.action} value={a.action}>
              {a.label}
            </option>
          ))}
        </select>
      </div>
      <DatePicker
        label="From"
        value={value.from}
        max={value.to}
        placeholder="Any date"
        onChange={(from) => set({ from })}
      />
      <DatePicker
        label="To"
        value={value.to}
        min={value.from}
        placeholder="Any date"
        onChange={(to) => set({ to })}
      />
      <Button variant="ghost" disabled={!any} onClick={() => onChange(NO_FILTERS)}>
        Clear filters
      </Button>
    </div>
  );
}
