"use client";

import { CircleCheck, CircleX, Clock } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { focusRing } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { ItemStatus } from "./tile-rules";

/** One titled part of the block dialog (Appointments, Attendance, …). */
export function DialogSection({
  title,
  action,
  children,
}: {
  title: string;
  /** A button beside the heading (New appointment, Set Topic). */
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-t border-slate-100 py-4 first:border-t-0 first:pt-1">
      <div className="mb-2 flex min-h-8 items-center justify-between gap-3">
        <h3 id={id} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The quiet line shown where a section has nothing in it. */
export function EmptyText({ children }: { children: ReactNode }) {
  return <p className="rounded-md bg-slate-50 px-3 py-2.5 text-sm text-slate-600">{children}</p>;
}

const STATUS_BADGE: Record<
  ItemStatus,
  { label: "pending" | "attended" | "missed"; tone: "neutral" | "success" | "danger"; icon: ReactNode }
> = {
  pending: { label: "pending", tone: "neutral", icon: <Clock aria-hidden className="size-3" /> },
  success: { label: "attended", tone: "success", icon: <CircleCheck aria-hidden className="size-3" /> },
  fail: { label: "missed", tone: "danger", icon: <CircleX aria-hidden className="size-3" /> },
};

/** Pending, Attended (success) or Missed (fail). */
export function StatusBadge({ status }: { status: ItemStatus }) {
  const look = STATUS_BADGE[status];
  const t = useTranslations("calendar.status");
  return (
    <Badge tone={look.tone} className="shrink-0">
      {look.icon}
      {t(look.label)}
    </Badge>
  );
}

/** A row of a section: leading mark, title (optionally a link), memo, details and trailing actions. */
export function ItemRow({
  title,
  href,
  memo,
  detail,
  leading,
  status,
  actions,
}: {
  title: ReactNode;
  href?: string;
  memo?: ReactNode;
  detail?: ReactNode;
  leading?: ReactNode;
  status?: ItemStatus;
  actions?: ReactNode;
}) {
  return (
    <li className="flex items-start gap-3 py-2">
      {leading && <div className="mt-0.5 shrink-0">{leading}</div>}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">
          {href ? (
            <Link href={href} className={cn("rounded-sm underline-offset-2 hover:underline", focusRing)}>
              {title}
            </Link>
          ) : (
            title
          )}
        </p>
        {memo && <p className="mt-0.5 text-sm break-words text-slate-700">{memo}</p>}
        {detail && <p className="mt-0.5 text-xs text-slate-600">{detail}</p>}
      </div>
      {(status || actions) && (
        <div className="flex shrink-0 items-center gap-1.5">
          {status && <StatusBadge status={status} />}
          {actions}
        </div>
      )}
    </li>
  );
}

export function ItemList({ children }: { children: ReactNode }) {
  return <ul className="divide-y divide-slate-100">{children}</ul>;
}

/** A course block's section: the class it holds, if any. */
export function ClassSection({ name }: { name: string | null }) {
  const t = useTranslations("calendar.dialog");
  return (
    <DialogSection title={t("class")}>
      {name !== null ? (
        <ItemList>
          <ItemRow title={name} />
        </ItemList>
      ) : (
        <EmptyText>{t("nothingScheduled")}</EmptyText>
      )}
    </DialogSection>
  );
}
