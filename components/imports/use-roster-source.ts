"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import useSWR from "swr";
import { placeServerErrors } from "@/components/school-calendar/server-errors";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError, apiDelete, apiGet, apiPost, apiPut } from "@/lib/api/request.client";
import {
  NEW_SOURCE,
  SOURCE_ENDPOINT,
  putBody,
  rosterSourceForm,
  valuesOf,
  type ConnectionTest,
  type RosterSource,
  type RosterSourceFields,
  type RosterSourceValues,
  type SourceDryRun,
  type SyncStarted,
} from "./roster-source-types";

/** A sync is queued or running (the screen polls, and offers no second one). */
export const running = (source: RosterSource | null | undefined) =>
  source?.last_run?.status === "queued" || source?.last_run?.status === "running";

/** The saved source: null when none is set up (the GET's 404), polled while a run is under way. */
function useSavedSource() {
  const { data, error, isLoading, mutate } = useSWR<RosterSource | null>(
    SOURCE_ENDPOINT,
    () =>
      apiGet<RosterSource>(SOURCE_ENDPOINT).catch((failure: unknown) => {
        if (failure instanceof ApiClientError && failure.status === 404) return null;
        throw failure;
      }),
    { refreshInterval: (latest) => (running(latest) ? 2000 : 0) },
  );
  return { data, error, loading: isLoading, reload: mutate };
}

/** The form, its values the PUT body; a 422's field errors go onto the fields they name. */
function useSourceForm(saved: RosterSource | null | undefined, reload: (next: RosterSource) => unknown) {
  const secretSaved = saved?.client_secret_set ?? false;
  // The secret is required until one is stored (useForm takes the newest resolver on each render).
  const resolver = useMemo(() => zodResolver(rosterSourceForm(secretSaved)), [secretSaved]);
  const form = useForm<RosterSourceFields, unknown, RosterSourceValues>({ resolver, defaultValues: NEW_SOURCE });
  const { reset, setError } = form;
  const savedAt = saved === undefined ? undefined : (saved?.updated_at ?? null);
  useEffect(() => {
    if (savedAt !== undefined) reset(valuesOf(saved ?? null));
    // Only a new save (or none) replaces what is typed: polling the last run must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedAt, reset]);
  const fieldErrors = (failure: unknown) => {
    if (!(failure instanceof ApiClientError) || failure.status !== 422) return false;
    if (Object.keys(failure.errors).length === 0) return false;
    placeServerErrors(failure, setError, (path) => (path in NEW_SOURCE ? path : null));
    return true;
  };
  const save = useAction(
    async (values: RosterSourceValues) => {
      const next = await apiPut<RosterSource>(SOURCE_ENDPOINT, putBody(values));
      await reload(next);
      reset(valuesOf(next));
      snackbar("The connection is saved.");
    },
    { handled: fieldErrors, failed: "The connection could not be saved." },
  );
  return { form, save, secretSaved, fieldErrors };
}

/** "Test connection" with what is typed (a blank secret: the stored one). */
function useConnectionTest(fieldErrors: (failure: unknown) => boolean) {
  const [result, setResult] = useState<ConnectionTest | null>(null);
  const action = useAction(
    async (values: RosterSourceValues) => {
      setResult(await apiPost<ConnectionTest>(`${SOURCE_ENDPOINT}/test`, putBody(values)));
    },
    { handled: fieldErrors, failed: "The connection could not be tested." },
  );
  return { result, clear: () => setResult(null), ...action };
}

/** "Preview changes" (the dry run of the saved source) and "Sync now" (the import job). */
function useSourceRuns(reload: () => unknown) {
  const [plan, setPlan] = useState<SourceDryRun | null>(null);
  const [started, setStarted] = useState<{ jobId: number; reportHref: string } | null>(null);
  const preview = useAction(
    async () => {
      setPlan(await apiPost<SourceDryRun>(`${SOURCE_ENDPOINT}/sync`, { dry_run: true }));
    },
    { failed: "The changes could not be previewed." },
  );
  const sync = useAction(
    async () => {
      const answer = await apiPost<SyncStarted>(`${SOURCE_ENDPOINT}/sync`, { dry_run: false });
      // The preview said what would change; the sync's result now says what did.
      setPlan(null);
      setStarted({ jobId: answer.job.id, reportHref: answer.import.report });
      await reload();
    },
    { failed: "The sync could not be started." },
  );
  const clear = () => {
    setPlan(null);
    setStarted(null);
  };
  return {
    preview: { plan, ...preview },
    sync: { started, ...sync },
    clear,
  };
}

/**
 * The "Connect your SIS" panel's state, grouped by what it is for: the saved source, the form (and
 * its Save), the connection test, the preview, the sync, and removing the connection.
 */
export function useRosterSource() {
  const source = useSavedSource();
  const { form, save, secretSaved, fieldErrors } = useSourceForm(source.data, (next) =>
    source.reload(next, { revalidate: false }),
  );
  const connection = useConnectionTest(fieldErrors);
  const { preview, sync, clear } = useSourceRuns(() => source.reload());
  const remove = useAction(
    async () => {
      await apiDelete(SOURCE_ENDPOINT);
      await source.reload(null, { revalidate: false });
      connection.clear();
      clear();
      snackbar("The connection is removed.");
    },
    { rethrow: true, failed: "The connection could not be removed." },
  );
  return { source, form: { ...form, save, secretSaved }, connection, preview, sync, remove };
}

export type RosterSourceState = ReturnType<typeof useRosterSource>;
