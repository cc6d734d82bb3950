"use client";

import { useId } from "react";
import { cn } from "@/lib/cn";

/** A radio group drawn as cards (All Students / Some Students, Appointment / Amendment). */
export function ChoiceCards<V extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: V | null;
  options: { value: V; label: string; description: string }[];
  onChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "flex cursor-pointer gap-3 rounded-lg border bg-white p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600",
              value === option.value
                ? "border-indigo-600 ring-1 ring-indigo-600"
                : "border-slate-300 hover:bg-slate-50",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 size-4 accent-indigo-600"
            />
            <span>
              <span className="block text-sm font-medium text-slate-900">{option.label}</span>
              <span className="block text-sm text-slate-600">{option.description}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
