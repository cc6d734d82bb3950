"use client";

import { PlugZap } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/ui/load-error";
import { Spinner } from "@/components/ui/spinner";
import { ImportJobStatus } from "./import-job-status";
import { RosterSourceActions } from "./roster-source-actions";
import { RosterSourceForm } from "./roster-source-form";
import { RosterSourcePreview } from "./roster-source-preview";
import { RosterSourceRuns } from "./roster-source-runs";
import { running, useRosterSource } from "./use-roster-source";

/** The started sync's progress, like a bundle import's; focus lands on it. */
function SyncProgress({ jobId, reportHref }: { jobId: number; reportHref: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [jobId]);
  return (
    <div ref={ref} tabIndex={-1} className="rounded-xl outline-none">
      <ImportJobStatus id={jobId} reportHref={reportHref} />
    </div>
  );
}

/**
 * The Imports screen's "Connect your SIS": paste the OneRoster REST addresses, client id and secret the
 * SIS gives, test them, save, preview what a sync would change, sync now or every night, and watch each
 * run. Without a saved connection (the GET's 404) it says what it is for and offers to set one up.
 */
export function RosterSourcePanel() {
  const headingId = useId();
  const state = useRosterSource();
  const { source, form, connection, preview, sync, remove } = state;
  const [adding, setAdding] = useState(false);
  const saved = source.data ?? null;
  const syncing = running(saved);
  const start = () => {
    setAdding(true);
    requestAnimationFrame(() => form.setFocus("base_url"));
  };
  // Once removed, the screen is back to its empty state.
  const removeThenEmpty = { ...remove, run: async () => (await remove.run(), setAdding(false)) };
  return (
    <section aria-labelledby={headingId} id="sis-connection" className="mt-10 flex flex-col gap-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Connect your SIS
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Your student information system can send the roster itself over OneRoster REST, every night: paste
          the addresses, client id and secret it gives you, test them, and preview what a sync would change.
        </p>
      </div>
      {source.error && source.data === undefined ? (
        <LoadError error={source.error} what="connection" onRetry={() => void source.reload()} />
      ) : source.data === undefined ? (
        <Spinner label="Loading the connection" />
      ) : saved === null && !adding ? (
        <EmptyState
          className="rounded-xl border border-dashed border-slate-300"
          icon={<PlugZap />}
          title="No SIS is connected."
          description="Connect one to keep students, staff, classes and enrolments in step with it, without exporting files."
          action={<Button onClick={start}>Set up a connection</Button>}
        />
      ) : (
        <>
          <RosterSourceForm
            form={form}
            connection={connection}
            onCancel={saved ? undefined : () => (setAdding(false), form.reset(), connection.clear())}
          />
          {saved && (
            <>
              <RosterSourceRuns source={saved} />
              <RosterSourceActions
                preview={preview}
                sync={sync}
                remove={removeThenEmpty}
                unsaved={form.formState.isDirty}
                running={syncing}
              />
            </>
          )}
          {preview.plan && <RosterSourcePreview plan={preview.plan} />}
          {sync.started && <SyncProgress jobId={sync.started.jobId} reportHref={sync.started.reportHref} />}
        </>
      )}
    </section>
  );
}
