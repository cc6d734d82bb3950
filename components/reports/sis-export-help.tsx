/** The SIS export's format, documented where it is downloaded (docs/design/reports.md#sis-export says the same). */
export function SisExportHelp() {
  return (
    <details className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-slate-900">About the SIS export</summary>
      <div className="mt-3 flex flex-col gap-2">
        <p>
          A CSV file (UTF-8 with a byte-order mark, comma separated, CRLF line ends) with one row per student
          per Focus Block date that has ended, for every student the report covers. Its columns, in order:
        </p>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="font-mono text-xs">date</dt>
          <dd>The Focus Block&apos;s date, YYYY-MM-DD.</dd>
          <dt className="font-mono text-xs">student_number</dt>
          <dd>The student number, as text (leading zeros kept).</dd>
          <dt className="font-mono text-xs">student_name</dt>
          <dd>First and last name.</dd>
          <dt className="font-mono text-xs">status</dt>
          <dd>present (checked in), absent, or excused (the block was amended for the student or the school).</dd>
          <dt className="font-mono text-xs">method</dt>
          <dd>manual, roll-call, air, retroactive or proactive; amendment when excused; empty when absent.</dd>
          <dt className="font-mono text-xs">teacher</dt>
          <dd>Who checked the student in; otherwise the teacher of their appointment, else of their plan.</dd>
          <dt className="font-mono text-xs">check_in_time</dt>
          <dd>When the check-in was captured, ISO 8601 in the school&apos;s time zone; empty when not checked in.</dd>
        </dl>
        <p>
          A cell that starts with = + - @, a tab or a carriage return is prefixed with an apostrophe, so a
          spreadsheet shows it as text and never runs it as a formula. A student information system can pull the
          file nightly from <code className="font-mono text-xs">GET /api/reports/sis-export?from=…&amp;to=…</code>.
        </p>
      </div>
    </details>
  );
}
