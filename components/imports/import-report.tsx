"use client";

import { Download, FileX } from "lucide-react";
import useSWR from "swr";
import { useSchoolTime } from "@/components/audit/use-school-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { snackbar } from "@/components/ui/snackbar";
import { Spinner } from "@/components/ui/spinner";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError, apiPost, messageOf } from "@/lib/api/request.client";
import type { ImportReportRow } from "@/lib/imports/present";
import type { ImportOrRosterReport as ImportReport } from "@/lib/oneroster/present";
import { CalendarReportScreen } from "./calendar-report";
import { ImportStatus, importKindLabel } from "./import-status";
import { ImportTotals } from "./import-totals";
import { OneRosterDecisions } from "./oneroster-decisions";
import { ProblemsTable } from "./oneroster-review";

const n = (value: number) => value.toLocaleString("en-US");
const OUTCOMES: Record<
  ImportReportRow["outcome"],
  { text: string; tone: "success" | "accent" | "neutral" | "danger" }
> = {
  created: { text: "Created", tone: "success" },
  updated: { text: "Updated", tone: "accent" },
  unchanged: { text: "Unchanged", tone: "neutral" },
  skipped: { text: "Skipped", tone: "danger" },
  conflict: { text: "Conflict", tone: "danger" },
};

function columnsFor(kind: ImportReport["kind"]): DataColumn<ImportReportRow>[] {
  return [
    { id: "row", header: "Row", value: (r) => r.row, kind: "number" },
    { id: "name", header: "Name", value: (r) => r.name, primary: true },
    {
      id: "key",
      header: kind === "students" ? "Student number" : "Email",
      value: (r) => r.key,
      secondary: "sm",
    },
    {
      id: "outcome",
      header: "Outcome",
      value: (r) => OUTCOMES[r.outcome].text,
      cell: (r) => <Badge tone={OUTCOMES[r.outcome].tone}>{OUTCOMES[r.outcome].text}</Badge>,
    },
    { id: "reason", header: "Reason", value: (r) => r.reason ?? "", secondary: "sm" },
  ];
}

/** Saves text as a file through a temporary link (the answer came with the bearer token, not a URL). */
function saveFile(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The uploader's one-time download of the new accounts' initial passwords. */
function PasswordsDownload({ report, onTaken }: { report: ImportReport; onTaken: () => unknown }) {
  const formatWhen = useSchoolTime();
  const download = useAction(
    async () => {
      const text = await apiPost<string>(`/api/imports/${report.id}/passwords`);
      saveFile(text, `${report.filename.replace(/\.csv$/i, "")}-initial-passwords.csv`);
      snackbar("Downloaded the initial passwords. Keep the file safe: it will not be offered again.", {
        tone: "success",
      });
    },
    { failed: "The passwords could not be downloaded." },
  );
  const passwords = report.passwords;
  if (!passwords || report.created === 0) return null;
  // Taken or not, the report is read again: it says whether the passwords are still offered.
  async function takePasswords() {
    await download.run();
    await onTaken();
  }
  return (
    <div className="mb-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-slate-800">
      {passwords.available ? (
        <>
          <p>
            The {n(report.created)} new accounts have random initial passwords, which they must change at
            their first sign-in. You can download them once, until {formatWhen(passwords.until!)}.
          </p>
          <Button className="mt-3" onClick={() => void takePasswords()} loading={download.busy}>
            <Download aria-hidden className="size-4" /> Download initial passwords
          </Button>
        </>
      ) : (
        <p>
          {passwords.downloaded_at
            ? `The initial passwords were downloaded on ${formatWhen(passwords.downloaded_at)}.`
            : "The initial passwords are no longer available (they are kept for 24 hours)."}{" "}
          Reset a password in the Credentials Manager if someone needs a new one.
        </p>
      )}
    </div>
  );
}

/** A CSV import's rows processed so far, while it runs. */
function RowsProgress({ report }: { report: ImportReport }) {
  return (
    <div className="mb-6">
      <p className="mb-1 text-sm text-slate-700">
        {n(report.done)} of {n(report.rows)} rows processed
      </p>
      <div
        role="progressbar"
        aria-label="Rows processed"
        aria-valuemin={0}
        aria-valuemax={report.rows}
        aria-valuenow={report.done}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full bg-indigo-600"
          style={{ width: `${report.rows ? (100 * report.done) / report.rows : 0}%` }}
        />
      </div>
    </div>
  );
}

/** /imports/{id}: an import's outcome, progress while it runs, and every row with its reason. */
export function ImportReportScreen({ id }: { id: number }) {
  const formatWhen = useSchoolTime();
  const {
    data: report,
    error,
    mutate,
  } = useSWR<ImportReport>(`/api/imports/${id}`, {
    refreshInterval: (latest) =>
      latest && (latest.status === "queued" || latest.status === "running") ? 1000 : 0,
  });
  if (error instanceof ApiClientError && error.status === 404) {
    return <EmptyState icon={<FileX />} title="This import could not be found." />;
  }
  if (!report) {
    return error ? (
      <p role="alert" className="text-sm text-red-700">
        {messageOf(error, "The report could not be loaded.")}
      </p>
    ) : (
      <Spinner label="Loading the report" />
    );
  }
  const running = report.status === "queued" || report.status === "running";
  if (report.kind === "oneroster") return <OneRosterReportScreen report={report} running={running} when={formatWhen} />;
  if (report.kind === "calendar") return <CalendarReportScreen report={report} when={formatWhen} />;
  return (
    <div>
      <PageHeader
        title={`Import report: ${report.filename}`}
        documentTitle="Import report"
        description={`${importKindLabel(report.kind)} · uploaded ${formatWhen(report.created_at)}${report.uploaded_by ? ` by ${report.uploaded_by}` : ""}`}
        actions={<ImportStatus status={report.status} />}
      />
      {running && <RowsProgress report={report} />}
      {report.error && (
        <p role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {report.error}
        </p>
      )}
      <ImportTotals
        className="mb-6 sm:grid-cols-5"
        totals={[
          ["Rows", report.rows],
          ["Created", report.created],
          ["Updated", report.updated],
          ["Unchanged", report.unchanged],
          ["Skipped", report.skipped],
          ...(report.conflicts ? ([["Conflicts", report.conflicts]] as const) : []),
        ]}
      />
      {!running && <PasswordsDownload report={report} onTaken={() => mutate()} />}
      <DataTable
        label="Rows"
        columns={columnsFor(report.kind)}
        data={report.report_rows}
        rowId={(r) => r.row}
        initialPageSize={25}
        initialSort={{ id: "row" }}
        searchLabel="Search rows"
      />
    </div>
  );
}

/** A OneRoster import's report: what it did, the problems, and the decisions an administrator should see. */
function OneRosterReportScreen({
  report,
  running,
  when,
}: {
  report: ImportReport;
  running: boolean;
  when: (iso: string) => string;
}) {
  const result = report.oneroster;
  return (
    <div>
      <PageHeader
        title={`Import report: ${report.filename}`}
        documentTitle="Import report"
        description={`${importKindLabel(report.kind)} · sent ${when(report.created_at)}${report.uploaded_by ? ` by ${report.uploaded_by}` : ""}`}
        actions={<ImportStatus status={report.status} />}
      />
      {running && (
        <p className="mb-6 flex items-center gap-2 text-sm text-slate-700">
          <Spinner size="sm" /> The import is running: this report fills in when it ends.
        </p>
      )}
      {report.error && (
        <p role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {report.error} Nothing was changed.
        </p>
      )}
      {result && (
        <div className="flex flex-col gap-6">
          {!report.error && (
            <ImportTotals
              className="sm:grid-cols-6"
              totals={[
                ["Created", result.created],
                ["Updated", result.updated],
                ["Archived", result.archived],
                ["Dropped", result.dropped],
                ["Unchanged", result.unchanged],
                ["Skipped", result.protected?.length ?? 0],
              ]}
            />
          )}
          {result.errors.length > 0 && <ProblemsTable problems={result.errors} caption="Problems by file and line" />}
          <OneRosterDecisions data={result} canGrant={!report.error} />
        </div>
      )}
    </div>
  );
}
