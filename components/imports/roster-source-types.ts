import { z } from "zod";
import type { BundleProblem } from "@/lib/oneroster/parse";
import type { testSource } from "@/lib/oneroster/rest/pull.server";
import { rosterSourceBody } from "@/lib/oneroster/rest/schemas";
import type { RosterSourceView } from "@/lib/oneroster/rest/source.server";
import type { OneRosterDryRun } from "./oneroster-review";

/** Where the roster source lives: GET, PUT and DELETE (sysadmins and administrators). */
export const SOURCE_ENDPOINT = "/api/rostering/source";

/** GET /api/rostering/source: the secret is never sent back, only whether one is stored. */
export type RosterSource = RosterSourceView;

/** POST /api/rostering/source/test: whether the token endpoint and one page of orgs answer, in words. */
export type ConnectionTest = Awaited<ReturnType<typeof testSource>>;

/** POST /api/rostering/source/sync with dry_run true: the bundle's dry run plus what the pull read. */
export type SourceDryRun = OneRosterDryRun & {
  errors: BundleProblem[];
  pull?: { pages: number; rows: Record<string, number>; other_schools: number; mode?: "full" | "delta" };
};

/** POST /api/rostering/source/sync with dry_run false (202), as the bundle upload answers. */
export interface SyncStarted {
  job: { id: number; status: string };
  import: { id: number; report: string };
}

/**
 * The form's values are the PUT body, checked by the route's own schema; the browser adds one rule the
 * server applies too: a secret is needed until one is stored. The server checks more (https outside
 * loopback), and its 422 lands on these fields by name.
 */
export function rosterSourceForm(secretSaved: boolean) {
  return rosterSourceBody.extend({
    client_secret: z
      .string()
      .max(1000, { error: "The client secret is longer than 1000 characters." })
      .refine((value) => secretSaved || value.trim() !== "", { error: "The client secret is required." }),
  });
}

/** What the fields hold (a blank school, a time or null) and what the schema makes of it (the body). */
export type RosterSourceFields = z.input<ReturnType<typeof rosterSourceForm>>;
export type RosterSourceValues = z.output<ReturnType<typeof rosterSourceForm>>;

/** The request body: a blank secret is left out (the stored one is kept). */
export function putBody(values: RosterSourceValues) {
  const { client_secret, ...rest } = values;
  return { ...rest, ...(client_secret.trim() ? { client_secret } : {}) };
}

export const NEW_SOURCE: RosterSourceFields = {
  base_url: "",
  token_url: "",
  client_id: "",
  client_secret: "",
  version: "1.2",
  school_sourced_id: "",
  schedule: "02:00",
  archive_missing: false,
};

/** The saved source as the form's values (the secret blank: leaving it so keeps the stored one). */
export const valuesOf = (source: RosterSource | null): RosterSourceFields =>
  source
    ? {
        base_url: source.base_url,
        token_url: source.token_url,
        client_id: source.client_id,
        client_secret: "",
        version: source.version,
        school_sourced_id: source.school_sourced_id ?? "",
        schedule: source.schedule,
        archive_missing: source.archive_missing,
      }
    : NEW_SOURCE;
