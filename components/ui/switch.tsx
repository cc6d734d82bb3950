"use client";

import * as RadixSwitch from "@radix-ui/react-switch";
import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { focusRing } from "./button";

/** An on/off switch with its label (and optional help text) beside it. */
export function Switch({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  id,
  className,
}: {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  id?: string;
  className?: string;
}) {
  const autoId = useId();
  const switchId = id ?? autoId;
  return (
    <div className={cn("flex items-start justify-between gap-4", className)}>
      <div className="min-w-0">
        <label htmlFor={switchId} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        {description && (
          <p id={`${switchId}-description`} className="mt-0.5 text-sm text-slate-600">
            {description}
          </p>
        )}
      </div>
      <RadixSwitch.Root
        id={switchId}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? `${switchId}-description` : undefined}
        className={cn(
          "relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors",
          "data-[state=checked]:bg-indigo-600 disabled:cursor-not-allowed disabled:opacity-60",
          focusRing,
        )}
      >
        <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </RadixSwitch.Root>
    </div>
  );
}
