"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { History, UsersRound } from "lucide-react";
import { buttonClasses, focusRing } from "@/components/ui/button";
import { cn } from "@/lib/cn";

/** The name cell of a people list: avatar and a link to the profile (the row's keyboard stop). */
export function PersonLink({
  href,
  text,
  label,
  initials,
  color,
  phoneDetails,
}: {
  href: string;
  text: string;
  /** Accessible name; starts with `text` so the visible words stay in it. */
  label: string;
  initials: string;
  color: string;
  /** Lines under the name on phones, where the table hides those columns. */
  phoneDetails?: ReactNode[];
}) {
  return (
    <span className="flex items-center gap-3">
      <span className="hidden sm:inline-flex">
        <Avatar initials={initials} color={color} size="sm" />
      </span>
      <span className="flex min-w-0 flex-col">
        <Link
          href={href}
          aria-label={label}
          onClick={(event) => event.stopPropagation()}
          className={cn("self-start rounded font-medium text-indigo-700 hover:underline", focusRing)}
        >
          {text}
        </Link>
        {phoneDetails?.map((detail, index) => (
          <span key={index} className="text-xs break-all text-slate-600 sm:hidden">
            {detail}
          </span>
        ))}
      </span>
    </span>
  );
}

/** A list that could not be loaded, with a retry. */
export { LoadError as ListLoadError } from "@/components/ui/load-error";

/** The way to /clusters (named groups of students), which no menu lists: on the Students page for all staff. */
export function ClustersLink() {
  return (
    <Link href="/clusters" className={buttonClasses({ variant: "secondary" })}>
      <UsersRound aria-hidden className="size-4" /> Clusters
    </Link>
  );
}

/** The way to the Imports list (past CSV imports), beside the Add button. */
export function ImportsLink() {
  return (
    <Link href="/imports" className={buttonClasses({ variant: "secondary" })}>
      <History aria-hidden className="size-4" /> Imports
    </Link>
  );
}
