"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";

/** Avatar, name (h1), tags beside the name, a line under it and actions on the right. */
export function ProfileHeader({
  initials,
  color,
  name,
  tags,
  subtitle,
  actions,
}: {
  initials: string;
  color: string;
  name: string;
  tags?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-4">
        <Avatar initials={initials} color={color} size="lg" />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{name}</h1>
            {tags}
          </div>
          {subtitle && <div className="mt-0.5 text-sm text-slate-600">{subtitle}</div>}
        </div>
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}

/** The grey placeholder of the header while the profile loads. */
export function ProfileHeaderSkeleton() {
  const t = useTranslations("calendar.profile");
  return (
    <div role="status" aria-label={t("loading")} className="flex items-center gap-4">
      <div className="size-14 animate-pulse rounded-full bg-slate-200" />
      <div className="flex flex-col gap-2">
        <div className="h-6 w-56 animate-pulse rounded bg-slate-200" />
        <div className="h-3.5 w-24 animate-pulse rounded bg-slate-100" />
      </div>
    </div>
  );
}

/** The card the calendar sits in. */
export function CalendarCard({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">{children}</div>
  );
}
