import { apiUpload } from "@/lib/api/request.client";
import type { ColumnMapping, ImportKind } from "@/lib/imports/fields";

/** Spec §8: an upload that failed. */
export const UPLOAD_FAILED = "Unable to upload files.";

/**
 * One file to POST /api/{students|staff}/upload, as a multipart form: the file, `mapping` (each
 * column's field, null to ignore it; the spec's client sends the same as `headers`), `header_row` when
 * the first line names the columns, and the password (spec §7).
 */
export function sendCsv<T>(
  kind: ImportKind,
  file: File,
  fields: {
    order: ColumnMapping;
    headerRow?: boolean;
    updateExisting: boolean;
    dryRun?: boolean;
    password?: string;
    batch?: string;
  },
) {
  const form = new FormData();
  form.append("file", file);
  form.append("mapping", JSON.stringify(fields.order));
  if (fields.headerRow) form.append("header_row", "true");
  if (fields.password !== undefined) form.append("password", fields.password);
  if (fields.dryRun) form.append("dry_run", "true");
  if (fields.updateExisting) form.append("update_existing", "true");
  if (fields.batch) form.append("batch", fields.batch);
  return apiUpload<T>(`/api/${kind}/upload`, form);
}
