"use client";

import { useEffect, useMemo } from "react";
import { useSchoolTimezone } from "@/components/audit/use-school-time";
import { schoolBrand } from "@/components/auth/types";
import { useSignedInUser } from "@/components/auth/use-auth";

/** "Thursday, December 3, 2026" in the school's zone: the day the sheet was printed. */
function printedOn(timeZone: string, now: Date) {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone }).format(now);
}

/**
 * The head of a printed page: the school's name and the date, in the page on the first sheet (hidden on
 * screen) and, through two custom properties the print stylesheet's `@page` margin boxes read, at the top
 * of every later sheet (app/globals.css).
 */
export function PrintHeading() {
  const { settings } = useSignedInUser();
  const school = schoolBrand(settings).name ?? "Flexblock";
  const timeZone = useSchoolTimezone();
  const date = useMemo(() => printedOn(timeZone, new Date()), [timeZone]);

  useEffect(() => {
    const root = document.documentElement.style;
    // CSS strings: quoted, with any quote or backslash in the name escaped.
    root.setProperty("--print-school", JSON.stringify(school));
    root.setProperty("--print-date", JSON.stringify(date));
    return () => {
      root.removeProperty("--print-school");
      root.removeProperty("--print-date");
    };
  }, [school, date]);

  return (
    <div
      data-print-heading
      className="mb-4 hidden items-baseline justify-between gap-4 border-b border-black pb-2 text-sm print:flex"
    >
      <span className="font-semibold">{school}</span>
      <span>{date}</span>
    </div>
  );
}
