"use client";

import Link from "next/link";
import { useId, type ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError as SharedLoadError } from "@/components/ui/load-error";
import { cn } from "@/lib/cn";

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
export function LoadError(props: { error: unknown; what: string; onRetry: () => void }) {
  return <SharedLoadError {...props} className="mx-auto max-w-md" />;
}

/** The page's 404: what is missing (the page's heading), why, and the way back. */
export function NotFoundPanel({
  icon,
  title,
  description,
  href,
  linkLabel,
}: {
  icon: ReactNode;
  title: ReactNode;
  description: string;
  href: string;
  linkLabel: string;
}) {
  return (
    <section className="mx-auto max-w-md py-10">
      <EmptyState
        icon={icon}
        title={
          <span role="heading" aria-level={1}>
            {title}
          </span>
        }
        description={description}
        action={
          <Link href={href} className={buttonClasses({ variant: "secondary" })}>
            {linkLabel}
          </Link>
        }
      />
    </section>
  );
}

/**
 * The course or cluster page's header: a round icon, the name as the page's heading followed by
 * `extras` (badges, the star), a line under it, and `actions` beside it.
 */
export function PageHeading({
  icon,
  iconClassName,
  title,
  titleClassName,
  extras,
  subtitle,
  actions,
  className,
}: {
  icon: ReactNode;
  /** The circle's colours. */
  iconClassName: string;
  title: ReactNode;
  titleClassName?: string;
  extras: ReactNode;
  subtitle: ReactNode;
  actions?: ReactNode;
  className: string;
}) {
  return (
    <header className={className}>
      <div className="flex min-w-0 items-center gap-4">
        <span
          aria-hidden
          className={cn("flex size-14 shrink-0 items-center justify-center rounded-full", iconClassName)}
        >
          {icon}
        </span>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className={cn("text-2xl font-semibold tracking-tight text-slate-900", titleClassName)}>
              {title}
            </h1>
            {extras}
          </div>
          <p className="mt-0.5 text-sm text-slate-600">{subtitle}</p>
        </div>
      </div>
      {actions}
    </header>
  );
}
