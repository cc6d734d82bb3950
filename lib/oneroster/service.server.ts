import "server-only";
import type { Db } from "@/db";
import { insertImport } from "@/db/queries/imports";
import { apiTokenCreator } from "@/db/queries/oneroster";
import { insertUploadInParts } from "@/db/queries/uploads";
import { accepted } from "@/lib/api/answers";
import { UploadedFile, type UploadForm } from "@/lib/api/multipart.server";
import { fieldErrors, invalid } from "@/lib/api/errors.server";
import type { ApiTokenCaller } from "@/lib/api-tokens/authenticate.server";
import type { Principal } from "@/lib/auth/principal";
import { enqueueJob } from "@/lib/jobs/queue.server";
import { wakeJobRunner } from "@/lib/jobs/wake.server";
import { planImport } from "./apply.server";
import { BundleRefused, MAX_BUNDLE_BYTES } from "./parse";
import { presentPlan, problemsAsFieldErrors } from "./present";
import { onerosterFields } from "./schemas";

/** The upload's cap (the bundle and its form fields) and its sentence: route() reads the form under it. */
export const ONEROSTER_UPLOAD = {
  maxBytes: MAX_BUNDLE_BYTES + 64 * 1024,
  tooLarge: `A OneRoster bundle can be at most ${MAX_BUNDLE_BYTES / 1024 / 1024} MB.`,
};

function readForm(form: UploadForm) {
  const files = form.getAll("file");
  const file = files[0];
  if (!(file instanceof UploadedFile)) throw invalid({ file: ["Choose the OneRoster bundle (a .zip file) to upload."] });
  if (files.length > 1) throw invalid({ file: ["Send one bundle per request."] });
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = onerosterFields.safeParse({
    dry_run: text("dry_run") ?? "",
    org_sourced_id: text("org_sourced_id"),
    periods: text("periods"),
    apply_school_year: text("apply_school_year"),
  });
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return { bytes: file.bytes, fields: parsed.data, filename: file.name.slice(0, 255) || "oneroster.zip" };
}

/**
 * POST /api/rostering/oneroster. The dry run answers what the bundle would change (200, writing
 * nothing; problems are listed, not thrown). Otherwise the bundle is checked the same way — any problem
 * refuses it whole with 422, each message naming its file and line — and queued: 202 with the job, whose
 * result (GET /api/jobs/{id}, for the caller or the token's creator) counts what was created, updated,
 * archived, dropped and left unchanged.
 */
export async function uploadOneRoster(db: Db, form: UploadForm, user: Principal | null, token: ApiTokenCaller | null) {
  const { bytes, fields, filename } = readForm(form);
  const options = { org_sourced_id: fields.org_sourced_id ?? null, periods: fields.periods, apply_school_year: fields.apply_school_year };
  let plan;
  try {
    plan = await planImport(db, bytes, options);
  } catch (error) {
    if (!(error instanceof BundleRefused)) throw error;
    if (fields.dry_run) return { ...emptyDryRun(), errors: error.problems, counts: { ...emptyDryRun().counts, errors: error.problems.length } };
    throw invalid(problemsAsFieldErrors(error.problems), `The bundle was refused: ${describe(error.problems[0]!)}`);
  }
  if (fields.dry_run) return presentPlan(plan);
  if (plan.errors.length) {
    throw invalid(problemsAsFieldErrors(plan.errors), `The bundle was refused: ${describe(plan.errors[0]!)}`);
  }
  // An API token's import belongs to the administrator who made the token.
  const actor = user?.user.id ?? (token ? await apiTokenCreator(db, token.id) : null);
  // The job and its entry in the Imports history, together: every import is one history with its report.
  // The bundle is kept as an upload in parts (up to 50 MB: a part per statement, never the whole file at
  // once on the event loop), and the job reads it from there.
  const { job, entry } = await db.transaction(async (tx) => {
    const upload = await insertUploadInParts(
      tx,
      { kind: "oneroster_bundle", filename, content_type: "application/zip", uploaded_by: actor },
      bytes,
    );
    const job = await enqueueJob(
      tx,
      "oneroster",
      {
        bundle: null,
        upload_id: upload.id,
        org_sourced_id: plan.org_sourced_id,
        periods: fields.periods ?? null,
        apply_school_year: fields.apply_school_year,
        actor_user_id: actor,
        api_token_id: token?.id ?? null,
      },
      { createdBy: actor },
    );
    const entry = await insertImport(tx, {
      kind: "oneroster",
      filename,
      headers: [],
      uploaded_by: actor,
      api_token_id: token?.id ?? null,
      job_id: job.id,
      upload_id: upload.id,
    });
    return { job, entry };
  });
  wakeJobRunner(); // now that the job is committed
  return accepted({ job: { id: job.id, status: job.status }, import: { id: entry.id, report: `/imports/${entry.id}` } });
}

const describe = (p: { file: string; line: number; reason: string }) =>
  `${p.file || "the bundle"}${p.line ? ` line ${p.line}` : ""}: ${p.reason}`;

/** A dry run that planned nothing (the bundle, or the pull, was refused before the plan): its errors are added. */
export function emptyDryRun() {
  return {
    dry_run: true as const,
    org_sourced_id: null,
    orgs: [],
    school_year: null,
    unmatched_periods: [],
    other_schools: { users: 0, classes: 0, enrollments: 0 },
    counts: { created: 0, updated: 0, archived: 0, dropped: 0, unchanged: 0, errors: 0 },
    samples: { created: [], updated: [], archived: [], dropped: [] },
    sis_administrators: [],
    protected: [],
    overwrites: [],
    kept: [],
    terms: [],
    homerooms: { classes: 0, students: 0 },
  };
}
