import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";

/** One of the check-in screen's cards: a heading with a count, optional actions, and a body. */
export function Panel({
  title,
  count,
  countText,
  countLabel,
  actions,
  children,
  className,
}: {
  title: string;
  count?: number;
  /** Shown instead of the count when it needs words ("8 here · 22 elsewhere"). */
  countText?: string;
  /** What the count counts, for screen readers ("students"). */
  countLabel?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-xl border border-slate-200 bg-white shadow-sm", className)}
    >
      <div className="flex min-h-14 flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2.5">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <span id={id}>{title}</span>
          {count !== undefined && (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums">
              {countText ?? count}
              {countLabel && countText === undefined && <span className="sr-only"> {countLabel}</span>}
            </span>
          )}
        </h2>
        {actions && <div className="flex flex-wrap items-center gap-1.5">{actions}</div>}
      </div>
      <div className="p-4">{children}</div>
    </section>
  );
}
