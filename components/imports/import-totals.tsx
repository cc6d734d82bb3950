import { cn } from "@/lib/cn";

const n = (value: number) => value.toLocaleString("en-US");

/** An import's counts, one card each ("Created 12"). */
export function ImportTotals({
  totals,
  className,
}: {
  totals: readonly (readonly [label: string, value: number])[];
  /** The grid's columns from sm up (Tailwind needs whole class names). */
  className: string;
}) {
  return (
    <dl className={cn("grid grid-cols-2 gap-4", className)} aria-label="Totals">
      {totals.map(([label, value]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="text-xl font-semibold text-slate-900 tabular-nums">{n(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
