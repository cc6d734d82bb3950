import { z } from "zod";
import type { BundleProblem } from "@/lib/oneroster/parse";
import type { OneRosterDryRun } from "./oneroster-review";

/** Where the roster source lives: GET, PUT and DELETE (sysadmins and administrators). */
export const SOURCE_ENDPOINT = "/api/rostering/source";

export type RunCounts = Record<"created" | "updated" | "archived" | "dropped" | "unchanged" | "errors", number>;

/** GET /api/rostering/source: the secret is never sent back, only whether one is stored. */
export interface RosterSource {
  base_url: string;
  token_url: string;
  client_id: string;
  client_secret: null;
  client_secret_set: boolean;
  version: "1.1" | "1.2";
  school_sourced_id: string | null;
  schedule: string | null;
  archive_missing: boolean;
  updated_at: string;
  last_run: null | {
    import_id: number | null;
    job_id: number | null;
    status: "queued" | "running" | "done" | "failed";
    started_at: string | null;
    finished_at: string | null;
    counts: RunCounts | null;
    error: string | null;
  };
  next_run_at: string | null;
}

/** POST /api/rostering/source/test: whether the token endpoint and one page of orgs answer, in words. */
export interface ConnectionTest {
  ok: boolean;
  message: string;
  steps: { step: "token" | "orgs"; ok: boolean; message: string }[];
  orgs: { sourced_id: string; name: string; type: string }[];
}

/** POST /api/rostering/source/sync with dry_run true: the bundle's dry run plus what the pull read. */
export type SourceDryRun = OneRosterDryRun & {
  errors: BundleProblem[];
  pull?: { pages: number; rows: Record<string, number>; other_schools: number };
};

/** POST /api/rostering/source/sync with dry_run false (202), as the bundle upload answers. */
export interface SyncStarted {
  job: { id: number; status: string };
  import: { id: number; report: string };
}

const url = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `Paste the ${what}.` })
    .max(2000, { error: `The ${what} is too long.` })
    .refine((value) => /^https?:\/\/[^\s/]+/i.test(value), { error: `The ${what} starts with https://.` });

/**
 * The form's values are the PUT body. The browser only helps: the server checks the same fields and
 * more (https outside loopback, the host answering), and its 422 lands on these fields by name.
 */
export function rosterSourceForm(secretSaved: boolean) {
  return z.object({
    base_url: url("base URL"),
    token_url: url("token URL"),
    client_id: z.string().trim().min(1, { error: "Paste the client id." }).max(500),
    client_secret: z
      .string()
      .max(2000)
      .refine((value) => secretSaved || value.trim() !== "", { error: "Paste the client secret." }),
    version: z.enum(["1.1", "1.2"]),
    school_sourced_id: z.string().trim().max(255),
    schedule: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Choose a time, like 02:00." })
      .nullable(),
    archive_missing: z.boolean(),
  });
}

export type RosterSourceValues = z.infer<ReturnType<typeof rosterSourceForm>>;

/** The request body: a blank secret is left out (the stored one is kept), no school is null. */
export function putBody(values: RosterSourceValues) {
  const { client_secret, school_sourced_id, ...rest } = values;
  return {
    ...rest,
    school_sourced_id: school_sourced_id || null,
    ...(client_secret.trim() ? { client_secret } : {}),
  };
}

export const NEW_SOURCE: RosterSourceValues = {
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
export const valuesOf = (source: RosterSource | null): RosterSourceValues =>
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
