import { z } from "zod";
import { MAX_MEETINGS, sectionCreateBody } from "@/lib/sections/schemas";

/** The section form: selects hold text ("" = the whole year, every day type). */
export const sectionForm = z.object({
  code: sectionCreateBody.shape.code,
  term: z.string(),
  teacher_ids: z.array(z.number()),
  meetings: z
    .array(z.object({ block: z.string().min(1, { error: "Choose a block." }), day_type: z.string() }))
    .max(MAX_MEETINGS),
});
export type SectionForm = z.input<typeof sectionForm>;

/** The request body of the form's values. */
export const toBody = (values: z.output<typeof sectionForm>) => ({
  code: values.code,
  term_id: values.term ? Number(values.term) : null,
  teacher_ids: values.teacher_ids,
  meetings: values.meetings.map((m) => ({ block_id: Number(m.block), day_type: m.day_type || null })),
});

/** The form's field for a request's error path (term_id → term, meetings.0.block_id → meetings.0.block). */
export const formPath = (path: string) =>
  path === "term_id"
    ? "term"
    : path === "code" || path === "teacher_ids"
      ? path
      : /^meetings\.\d+\.block_id$/.test(path)
        ? path.replace(/block_id$/, "block")
        : /^meetings\.\d+\.day_type$/.test(path)
          ? path
          : null;
