import { z } from "zod";
import { MAX_MEETINGS, sectionCreateBody } from "@/lib/sections/schemas";

/**
 * The section form's values are the request's body. A meeting added but not yet given a block holds
 * null there, which the form refuses in its own words before anything is sent.
 */
export const sectionForm = sectionCreateBody.extend({
  meetings: z
    .array(
      z.object({
        block_id: z
          .number()
          .nullable()
          .transform((id, context) => {
            if (id !== null) return id;
            context.addIssue({ code: "custom", message: "Choose a block." });
            return z.NEVER;
          }),
        day_type: sectionCreateBody.shape.meetings.unwrap().element.shape.day_type,
      }),
    )
    .max(MAX_MEETINGS),
});
export type SectionFormInput = z.input<typeof sectionForm>;
export type SectionFormValues = z.output<typeof sectionForm>;

/** A select's text as an id, "" as none. */
export const idOrNull = (value: unknown) =>
  value === "" || value === null || value === undefined ? null : Number(value);
/** A select's text, "" as none. */
export const textOrNull = (value: unknown) =>
  value === "" || value === null || value === undefined ? null : String(value);

/** The fields a refusal of the server can be said beside (its path is the form's). */
export const shownAt = (path: string) =>
  ["code", "term_id", "teacher_ids"].includes(path) || /^meetings\.\d+\.(block_id|day_type)$/.test(path)
    ? path
    : null;
