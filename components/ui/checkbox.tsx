"use client";

import * as RadixCheckbox from "@radix-ui/react-checkbox";
import { Check } from "lucide-react";
import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { focusRing } from "./button";

/** A checkbox with its label. */
export function Checkbox({
  label,
  checked,
  onCheckedChange,
  disabled,
  id,
  className,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  id?: string;
  className?: string;
}) {
  const autoId = useId();
  const boxId = id ?? autoId;
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <RadixCheckbox.Root
        id={boxId}
        checked={checked}
        onCheckedChange={(value) => onCheckedChange?.(value === true)}
        disabled={disabled}
        className={cn(
          "flex size-4 shrink-0 items-center justify-center rounded border border-slate-400 bg-white",
          "data-[state=checked]:border-indigo-600 data-[state=checked]:bg-indigo-600 disabled:opacity-50",
          focusRing,
        )}
      >
        <RadixCheckbox.Indicator>
          <Check aria-hidden className="size-3 text-white" strokeWidth={3} />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={boxId} className="text-sm text-slate-800 select-none">
        {label}
      </label>
    </div>
  );
}
