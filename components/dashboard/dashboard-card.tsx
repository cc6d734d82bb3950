import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * One part of the dashboard: a titled region with its count, a sentence saying what is in it, and its
 * actions (Download CSV). The content may be a table wider than a phone: it scrolls inside the card.
 */
export function DashboardCard({
  title,
  count,
  description,
  actions,
  children,
  level = 2,
  className,
}: {
  title: string;
  /** The heading's level: 3 for a list inside a group of lists. */
  level?: 2 | 3;
  /** How many rows the list holds, shown beside the title; absent while loading. */
  count?: number;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  const Heading = `h${level}` as const;
  return (
    <section aria-labelledby={id} className={cn("flex min-w-0 flex-col gap-3", className)}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0 flex-1 basis-64">
          <Heading
            id={id}
            className={
              level === 2 ? "text-lg font-semibold text-slate-900" : "text-base font-semibold text-slate-900"
            }
          >
            {title}
            {count !== undefined && " "}
            {count !== undefined && (
              <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 align-middle text-sm font-medium text-slate-700">
                {count}
              </span>
            )}
          </Heading>
          {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2 print:hidden">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
