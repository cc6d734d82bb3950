import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** A calm message where a list has nothing to show, with an optional icon and action. */
export function EmptyState({
  title,
  description,
  icon,
  action,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-2 px-6 py-10 text-center", className)}>
      {icon && (
        <div aria-hidden className="mb-1 text-slate-400 [&_svg]:size-8">
          {icon}
        </div>
      )}
      <p className="text-sm font-medium text-slate-800">{title}</p>
      {description && <p className="max-w-sm text-sm text-slate-600">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
