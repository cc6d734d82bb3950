import type { ImportResult } from "./api-types";
import { importSummary, PREVIEW_ROWS } from "./import-rules";
import { mediumDateLabel } from "./month";

/** What the file would add (nothing is written yet), its events, and for an .ics which of them mean no school. */
// eslint-disable-next-line max-lines-per-function -- the preview's table of dates is one piece of markup
export function ImportPreview({
  preview,
  csv,
  noSchool,
  onToggle,
}: {
  preview: ImportResult;
  csv: boolean;
  noSchool: ReadonlySet<string>;
  onToggle: (name: string, on: boolean) => void;
}) {
  const shown = preview.events.slice(0, PREVIEW_ROWS);
  return (
    <section aria-labelledby="import-preview-heading" className="flex flex-col gap-2">
      <h3 id="import-preview-heading" className="text-sm font-semibold text-slate-900">
        Preview
      </h3>
      <p role="status" className="text-sm text-slate-700">
        {importSummary(preview)}
      </p>
      {shown.length > 0 && (
        <>
          <p className="text-xs text-slate-600">
            {csv
              ? "The file's in_session column says which days have no school: no blocks meet and the rotation skips them."
              : "Tick the events that mean no school: no blocks meet that day and the rotation skips it. Ticking one ticks every event with the same name."}
          </p>
          <div
            className="max-h-72 overflow-y-auto rounded-lg border border-slate-200"
            tabIndex={0}
            aria-label="Events in the file"
          >
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Event
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    No school
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {shown.map((event, index) => (
                  <tr key={`${event.date}-${index}`}>
                    <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">
                      {mediumDateLabel(event.date)}
                    </td>
                    <td className="px-3 py-1.5 break-words">{event.name}</td>
                    <td className="px-3 py-1.5">
                      {csv ? (
                        event.no_blocks ? (
                          "Yes"
                        ) : (
                          "No"
                        )
                      ) : (
                        <input
                          type="checkbox"
                          className="size-4 accent-indigo-600"
                          checked={noSchool.has(event.name)}
                          onChange={(e) => onToggle(event.name, e.target.checked)}
                          aria-label={`No school: ${event.name}, ${mediumDateLabel(event.date)}`}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.events.length > shown.length && (
            <p className="text-xs text-slate-600">and {preview.events.length - shown.length} more.</p>
          )}
        </>
      )}
    </section>
  );
}
