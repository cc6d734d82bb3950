"use client";

import Link from "next/link";
import { useCallback, useId } from "react";
import { focusRing } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { Hit } from "./search-results";

/**
 * Result rows: the name is the link's accessible name and the detail line (grade, email, teacher,
 * member count) its description, so "Maya Castellano" stays findable by its exact name.
 */
export function HitList({
  hits,
  onNavigate,
  focusIndex = -1,
}: {
  hits: Hit[];
  onNavigate: () => void;
  /** The row that takes focus when it appears (the first of a page loaded by "Show more"). */
  focusIndex?: number;
}) {
  const id = useId();
  // Stable, so React calls it once when that row mounts rather than on every render.
  const focusOnMount = useCallback((node: HTMLAnchorElement | null) => node?.focus(), []);
  return (
    <ul>
      {hits.map((hit, index) => (
        <li key={hit.key}>
          <Link
            ref={index === focusIndex ? focusOnMount : undefined}
            href={hit.href}
            onClick={onNavigate}
            aria-label={hit.label}
            aria-describedby={hit.detail ? `${id}-${index}` : undefined}
            className={cn("block rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100", focusRing)}
          >
            {hit.label}
            {hit.detail && (
              <span
                id={`${id}-${index}`}
                className="mt-0.5 line-clamp-2 block text-xs break-words text-slate-600"
              >
                {hit.detail}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
