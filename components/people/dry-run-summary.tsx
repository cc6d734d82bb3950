import type { DryRunRow } from "@/lib/imports/present";
import type { DryRun } from "./wizard-types";

const n = (value: number) => value.toLocaleString("en-US");
/** How many rows of each list the summary shows (the report lists every row). */
const SHOWN = 20;

function RowList({ title, rows, total }: { title: string; rows: DryRunRow[]; total: number }) {
  if (total === 0) return null;
  return (
    <details className="mt-2 text-sm" open={title === "Errors" || title === "Conflicts to review"}>
      <summary className="cursor-pointer font-medium text-slate-800">
        {title} ({n(total)})
      </summary>
      <ul className="mt-1 flex flex-col gap-0.5 pl-4 text-slate-700">
        {rows.slice(0, SHOWN).map((row) => (
          <li key={row.row}>
            Row {row.row}
            {row.name ? ` (${row.name})` : ""}: {row.reason}
          </li>
        ))}
        {total > SHOWN && <li>…and {n(total - SHOWN)} more</li>}
      </ul>
    </details>
  );
}

/** One file's dry run: the counts (new, would update, unchanged, errors, conflicts) and the rows behind them. */
export function DryRunSummary({ run }: { run: DryRun }) {
  const result = run.result;
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="dry-run">
      <h3 className="font-medium text-slate-900">{run.name}</h3>
      {result ? (
        <>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            {(
              [
                ["New", result.created],
                ["Would update", result.updated],
                ["Unchanged", result.unchanged],
                ["Errors", result.skipped],
                // Rows giving an existing student number another name (possibly a typo, never applied): shown when there are some.
                ...(result.conflict ? ([["Conflicts", result.conflict]] as const) : []),
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-600">{label}</dt>
                <dd className="text-lg font-semibold text-slate-900 tabular-nums">{n(value)}</dd>
              </div>
            ))}
          </dl>
          <RowList title="Errors" rows={result.errors} total={result.skipped} />
          <RowList title="Conflicts to review" rows={result.conflicts} total={result.conflict} />
          <RowList title="Would update" rows={result.updates} total={result.updated} />
          <RowList title="Unchanged" rows={result.existing} total={result.unchanged} />
        </>
      ) : (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {run.problem}
        </p>
      )}
    </li>
  );
}
