import { z } from "zod";
import { idOf, text } from "@/lib/api/schemas";
import {
  MAX_COLUMNS,
  OPTIONAL_FIELDS,
  MORE_FIELDS,
  REQUIRED_FIELDS,
  isFieldOrder,
  isIgnored,
  type ImportKind,
} from "./fields";

const flag = z
  .enum(["true", "false", "1", "0", "on", "off", ""], { error: "Use true or false." })
  .optional()
  .transform((value) => value === "true" || value === "1" || value === "on");

const fieldsMessage = (kind: ImportKind) => {
  const optional = [...OPTIONAL_FIELDS[kind], ...MORE_FIELDS[kind], ...(kind === "staff" ? ["title"] : [])];
  return `The fields must be ${REQUIRED_FIELDS[kind].join(", ")}${
    optional.length ? ` (and optionally ${optional.join(", ")})` : ""
  }, each once, in the order of the columns; an ignored column is left empty.`;
};

/** One column's field as sent: a field name, or "" / "ignore" / null for an ignored column. */
const asField = (value: string | null) =>
  isIgnored(value?.trim().toLowerCase()) ? "" : value!.trim().toLowerCase();

/** `headers`: the fields in column order, comma-separated (the spec's original client). */
const headersText = (kind: ImportKind) =>
  z
    .string({ error: "Choose the order of the fields." })
    .max(4000, { error: "Choose the order of the fields." })
    .transform((value) => value.split(",").map(asField))
    .refine((fields) => isFieldOrder(kind, fields), { error: fieldsMessage(kind) });

/** `mapping`: a JSON array with each column's field, null for an ignored column. */
const mappingJson = (kind: ImportKind) =>
  z
    .string()
    .max(8000, { error: "The mapping is too long." })
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "The mapping must be a JSON array." });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(z.string().max(100).nullable(), {
          error: "The mapping must be a JSON array of fields or null.",
        })
        .min(1, { error: "The mapping must name each column's field." })
        .max(MAX_COLUMNS, { error: `A file can have at most ${MAX_COLUMNS} columns.` }),
    )
    .transform((fields) => fields.map(asField))
    .refine((fields) => isFieldOrder(kind, fields), { error: fieldsMessage(kind) });

/**
 * The text fields of an upload's multipart form (the file is checked on its own). The columns come as
 * `mapping` (the wizard's columns, any of them ignored) or, as the spec's client sends them, `headers`; both give `headers`, one field
 * name per column with "" for an ignored column.
 */
export const uploadFields = (kind: ImportKind) =>
  z
    .object({
      headers: headersText(kind).optional(),
      mapping: mappingJson(kind).optional(),
      /** The file's first line names its columns: it is skipped (and its mapping remembered). */
      header_row: flag,
      /** Required unless dry_run (checked in the service, which knows which it is). */
      password: z.string().max(1024, { error: "That password is too long." }).optional(),
      dry_run: flag,
      update_existing: flag,
      /** Groups the files of one wizard upload, so the 5-file limit holds across its requests. */
      batch: text({ label: "The batch", max: 64 })
        .refine((value) => /^[\w-]*$/.test(value), { error: "The batch must be letters, digits and dashes." })
        .optional(),
    })
    .transform(({ headers, mapping, ...rest }, ctx) => {
      const fields = mapping ?? headers;
      if (!fields) {
        ctx.addIssue({ code: "custom", path: ["headers"], message: "Choose the order of the fields." });
        return z.NEVER;
      }
      return { ...rest, headers: fields };
    });
export type UploadFields = z.infer<ReturnType<typeof uploadFields>>;

export const importParams = z.object({ id: idOf("import") });
export const jobParams = z.object({ id: idOf("job") });

/** GET /api/imports/mappings: the mapping remembered for a header row. */
export const mappingQuery = z.object({
  kind: z.enum(["students", "staff"], { error: "The kind is students or staff." }),
  headers_key: z
    .string({ error: "Give the header row's key." })
    .min(1, { error: "Give the header row's key." })
    .max(8000, { error: "That header row is too long." })
    // Columns are joined with U+001F; a NUL is never in a CSV header (and PostgreSQL text cannot hold one).
    .refine((value) => !value.includes("\u0000"), { error: "That header row is not readable." }),
});
