"use client";

import { ChevronDown } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { focusRing } from "./button";

/**
 * A button that shows or hides what follows it (aria-expanded). Hidden content still prints: a
 * printed page cannot be opened, so it shows everything.
 */
export function Disclosure({
  summary,
  children,
  defaultOpen = false,
  className,
}: {
  summary: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <div className={className}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className={cn(
          "flex w-full items-center gap-2 rounded-md py-1.5 text-left text-sm font-medium text-slate-900 hover:text-indigo-700",
          focusRing,
        )}
      >
        <ChevronDown
          aria-hidden
          className={cn("size-4 shrink-0 transition-transform print:hidden", !open && "-rotate-90")}
        />
        {summary}
      </button>
      <div id={id} className={cn(!open && "hidden print:block")}>
        {children}
      </div>
    </div>
  );
}
