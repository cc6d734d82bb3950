"use client";

import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { usePageTitle } from "./page-title";

/** The screen's heading (h1), optional description and actions; also sets "Flexblock - <title>". */
export function PageHeader({
  title,
  documentTitle,
  description,
  actions,
  className,
}: {
  title: string;
  /** When the tab title differs from the heading. */
  documentTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  usePageTitle(documentTitle ?? title);
  return (
    <header className={cn("mb-6 flex flex-wrap items-end justify-between gap-4", className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}
