"use client";

import { CircleCheck, CircleX } from "lucide-react";
import { FormError } from "@/components/school-calendar/server-errors";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { ConnectionFields, ScheduleFields, VersionAndSchool } from "./roster-source-fields";
import type { ConnectionTest } from "./roster-source-types";
import type { RosterSourceState } from "./use-roster-source";

const STEP_NAMES = { token: "Token", orgs: "Schools (orgs)" } as const;

/** What "Test connection" found: its sentence, then each step (the token, one page of orgs). */
export function ConnectionTestResult({ result }: { result: ConnectionTest }) {
  return (
    <div
      role="status"
      className={cn(
        "flex flex-col gap-2 rounded-lg border p-3 text-sm",
        result.ok ? "border-emerald-200 bg-emerald-50 text-slate-900" : "border-red-200 bg-red-50 text-red-800",
      )}
    >
      <p className="font-semibold">{result.message}</p>
      <ul aria-label="Steps of the test" className="flex flex-col gap-1">
        {result.steps.map((step) => (
          <li key={step.step} className="flex items-start gap-2">
            {step.ok ? (
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700" />
            ) : (
              <CircleX aria-hidden className="mt-0.5 size-4 shrink-0 text-red-700" />
            )}
            <span>
              <span className="font-medium">
                {STEP_NAMES[step.step]}: {step.ok ? "passed" : "failed"}.
              </span>{" "}
              {step.message}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The connection's settings, their values the PUT body: "Test connection" tries what is typed (before
 * saving too), "Save" stores it. The server's field errors show on their fields.
 */
export function RosterSourceForm({
  form,
  connection,
  onCancel,
}: Pick<RosterSourceState, "form" | "connection"> & { onCancel?: () => void }) {
  const { handleSubmit, formState, save, secretSaved } = form;
  const busy = save.busy || connection.busy;
  return (
    <form
      onSubmit={handleSubmit((values) => save.run(values))}
      noValidate
      aria-label="Connection to your SIS"
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <ConnectionFields form={form} secretSaved={secretSaved} />
      <VersionAndSchool form={form} test={connection.result} />
      <ScheduleFields form={form} />
      <FormError message={formState.errors.root?.server?.message} />
      <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
        <Button
          variant="secondary"
          onClick={handleSubmit((values) => connection.run(values))}
          loading={connection.busy}
          disabled={busy}
        >
          Test connection
        </Button>
        <Button type="submit" loading={save.busy} disabled={busy}>
          Save
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <p className="text-sm text-slate-600">
          {formState.isDirty ? "Not saved yet." : secretSaved ? "Saved." : "Test it first, then save."}
        </p>
      </div>
      {connection.result && <ConnectionTestResult result={connection.result} />}
    </form>
  );
}
