import { z } from "zod";
import { idOf, text } from "@/lib/api/schemas";
import { IMPORT_FIELDS, OPTIONAL_FIELDS, isFieldOrder, type ImportKind } from "./fields";

const flag = z
  .enum(["true", "false", "1", "0", "on", "off", ""], { error: "Use true or false." })
  .optional()
  .transform((value) => value === "true" || value === "1" || value === "on");

/** The text fields of an upload's multipart form (the file is checked on its own). */
export const uploadFields = (kind: ImportKind) =>
  z.object({
    headers: z
      .string({ error: "Choose the order of the fields." })
      .max(200, { error: "Choose the order of the fields." })
      .transform((value) => value.split(",").map((field) => field.trim().toLowerCase()))
      .refine((fields) => isFieldOrder(kind, fields), {
        error: `The fields must be ${IMPORT_FIELDS[kind].join(", ")}${
          OPTIONAL_FIELDS[kind].length ? ` (and optionally ${OPTIONAL_FIELDS[kind].join(", ")})` : ""
        }, each once, in the order of the columns.`,
      }),
    /** Required unless dry_run (checked in the service, which knows which it is). */
    password: z.string().max(1024, { error: "That password is too long." }).optional(),
    dry_run: flag,
    update_existing: flag,
    /** Groups the files of one wizard upload, so the 5-file limit holds across its requests. */
    batch: text({ label: "The batch", max: 64 })
      .refine((value) => /^[\w-]*$/.test(value), { error: "The batch must be letters, digits and dashes." })
      .optional(),
  });
export type UploadFields = z.infer<ReturnType<typeof uploadFields>>;

export const importParams = z.object({ id: idOf("import") });
export const jobParams = z.object({ id: idOf("job") });
