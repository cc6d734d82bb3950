"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { focusRing } from "@/components/ui/button";
import { cn } from "@/lib/cn";

export const CALENDAR_PAGES = [
  { href: "/calendar", label: "School calendar" },
  { href: "/calendar/timetable", label: "Bell schedule" },
  { href: "/calendar/year", label: "School year" },
] as const;

/** The school calendar's three pages, as tabs that are links (every staff member reads all three). */
export function CalendarTabs() {
  const pathname = usePathname();
  return (
    <nav aria-label="School calendar pages" className="mb-6 overflow-x-auto border-b border-slate-200">
      <ul className="flex gap-1">
        {CALENDAR_PAGES.map(({ href, label }) => {
          const current = pathname === href;
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
                  current
                    ? "border-indigo-600 text-indigo-700"
                    : "border-transparent text-slate-600 hover:text-slate-900",
                  focusRing,
                )}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
