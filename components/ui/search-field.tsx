"use client";

import { Search } from "lucide-react";
import type { InputHTMLAttributes } from "react";
import { cn } from "@/lib/cn";
import { inputClasses } from "@/components/ui/text-field";

/**
 * A search box with the magnifier inside it, named by `label` (its aria-label). The input's look is the
 * form fields' (inputClasses) unless `className` gives another; the rest goes to the input.
 */
export function SearchField({
  label,
  className,
  ...input
}: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "aria-label">) {
  return (
    <div className="relative">
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input type="search" aria-label={label} className={cn(className ?? inputClasses(), "pl-9")} {...input} />
    </div>
  );
}
