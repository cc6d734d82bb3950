"use client";

import { useId } from "react";
import { cn } from "@/lib/cn";
import { focusRing } from "./button";

/**
 * A labelled native select over a list, whose first option (the empty value, "All homerooms") means
 * no filter. The size of the reports' filter selects, so a row of filters lines up.
 */
export function FilterSelect({
  label,
  allLabel,
  value,
  onChange,
  options,
}: {
  label: string;
  allLabel: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(
          "h-9 max-w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900",
          focusRing,
        )}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
