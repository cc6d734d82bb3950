"use client";

import { ChevronRight } from "lucide-react";
import Link from "next/link";
import { Fragment, type ReactNode } from "react";
import { useSignedInUser } from "@/components/auth/use-auth";
import { focusRing } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import type { WikiGroup, WikiPost } from "@/lib/wiki/present";

/** GET /api/wiki/posts/{id}: the post and its group's title. */
export type WikiPostWithGroup = WikiPost & { group: { id: number; title: string } };
export type { WikiGroup, WikiPost };

export const WIKI_GROUPS_KEY = "/api/wiki/groups";
export const groupKey = (id: number | string) => `/api/wiki/groups/${id}`;
export const postKey = (id: number | string) => `/api/wiki/posts/${id}`;

/** Administrators and sysadmins write the wiki; everyone else on the shell reads it. */
export function useCanEditWiki(): boolean {
  const { user } = useSignedInUser();
  return user.role === "admin" || user.role === "sysadmin";
}

/** `Mar 3, 2026`. */
export const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

/** Wiki › Group › … above the heading. */
export function Breadcrumbs({ trail }: { trail: { label: string; href?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-3 print:hidden">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
        {trail.map((step, index) => (
          <Fragment key={`${index}-${step.label}`}>
            {index > 0 && (
              <li aria-hidden>
                <ChevronRight className="size-3.5 text-slate-400" />
              </li>
            )}
            <li className="min-w-0">
              {step.href ? (
                <Link
                  href={step.href}
                  className={cn("rounded hover:text-indigo-700 hover:underline", focusRing)}
                >
                  {step.label}
                </Link>
              ) : (
                <span aria-current="page" className="font-medium text-slate-800">
                  {step.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

export function WikiLoading({ label }: { label: string }) {
  return <Spinner label={label} className="flex justify-center py-12 text-indigo-600" />;
}

/** A load failure with a retry. */
export { LoadError as WikiLoadError } from "@/components/ui/load-error";

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn("rounded-xl border border-slate-200 bg-white shadow-sm", className)}>{children}</div>
  );
}
