import { apiUpload } from "@/lib/api/client";
import { joinHeaders, type ImportField, type ImportKind } from "@/lib/imports/fields";

/** Spec §8: an upload that failed. */
export const UPLOAD_FAILED = "Unable to upload files.";

/** One file to POST /api/{students|staff}/upload, as a multipart form (spec §7: file, headers, password). */
export function sendCsv<T>(
  kind: ImportKind,
  file: File,
  fields: {
    order: readonly ImportField[];
    updateExisting: boolean;
    dryRun?: boolean;
    password?: string;
    batch?: string;
  },
) {
  const form = new FormData();
  form.append("file", file);
  form.append("headers", joinHeaders(fields.order));
  if (fields.password !== undefined) form.append("password", fields.password);
  if (fields.dryRun) form.append("dry_run", "true");
  if (fields.updateExisting) form.append("update_existing", "true");
  if (fields.batch) form.append("batch", fields.batch);
  return apiUpload<T>(`/api/${kind}/upload`, form);
}
