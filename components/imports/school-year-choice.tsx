import Link from "next/link";
import { Checkbox } from "@/components/ui/checkbox";
import type { OneRosterDryRun } from "./oneroster-review";

type PlannedYear = NonNullable<OneRosterDryRun["school_year"]>;

/** "September 1, 2026". */
const longDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
export const span = (year: { start: string; end: string }) => `${longDay(year.start)} – ${longDay(year.end)}`;

/**
 * The bundle's school year against the school's: set when the school has none, never changed silently
 * (a different year is shown before → after and changed only when ticked), or why it cannot be.
 */
export function SchoolYearChoice({
  year,
  chosen,
  onChosen,
}: {
  year: PlannedYear;
  chosen: boolean;
  onChosen: (chosen: boolean) => void;
}) {
  if (year.change === "same")
    return (
      <p className="text-sm text-slate-700">
        School year: {year.name}, {span(year)}, the same as the school&apos;s.
      </p>
    );
  if (year.problem)
    return (
      <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        School year in the bundle: {year.name}, {span(year)}. It cannot be{" "}
        {year.change === "set" ? "set" : "applied"}: {year.problem} Set it on the{" "}
        <Link href="/calendar/year" className="font-medium underline">
          School year
        </Link>{" "}
        screen.
      </p>
    );
  if (year.change === "set" || !year.current)
    return (
      <p className="text-sm text-slate-700">
        School year: {year.name}, {span(year)}. The school&apos;s year is not set up yet: applying sets it.
      </p>
    );
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-slate-800">
      <p>
        <span className="font-semibold text-slate-900">The school year differs.</span> The school&apos;s:{" "}
        {span(year.current)} → the bundle&apos;s ({year.name}): {span(year)}.
      </p>
      <Checkbox
        label={`Also change the school year to ${span(year)}`}
        checked={chosen}
        onCheckedChange={onChosen}
      />
      <p className="text-xs text-slate-600">
        Unticked, the school year stays as it is; everything else is applied.
      </p>
    </div>
  );
}
