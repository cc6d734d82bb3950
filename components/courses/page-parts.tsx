"use client";

import { useId, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { messageOf } from "@/lib/api/client";

/** A titled card on the course and cluster pages. */
export function Panel({
  title,
  icon,
  actions,
  plain,
  children,
}: {
  title: string;
  icon?: ReactNode;
  actions?: ReactNode;
  /** No card of its own (the content is a table, which is one). */
  plain?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn("min-w-0", !plain && "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5")}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          {icon && (
            <span aria-hidden className="text-slate-500 [&_svg]:size-4">
              {icon}
            </span>
          )}
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** The page could not be loaded (not a 404): the reason and a retry. */
export function LoadError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mx-auto max-w-md rounded-xl border border-red-200 bg-red-50 px-4 py-6 text-center"
    >
      <p className="text-sm font-medium text-red-800">
        {messageOf(error, `The ${what} could not be loaded.`)}
      </p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
