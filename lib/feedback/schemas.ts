import { z } from "zod";
import { text } from "@/lib/api/schemas";

/** The five feedback tags (spec §9). */
export const FEEDBACK_TAGS = [
  "unexpected-behavior",
  "new-feature",
  "permissions",
  "connectivity",
  "other",
] as const;
export type FeedbackTag = (typeof FEEDBACK_TAGS)[number];

export const FEEDBACK_TAG_LABELS: Record<FeedbackTag, string> = {
  "unexpected-behavior": "Unexpected behaviour",
  "new-feature": "New feature",
  permissions: "Permissions",
  connectivity: "Connectivity",
  other: "Other",
};

export const MAX_FEEDBACK_LENGTH = 5000;
export const FEEDBACK_REQUIRED = "Please write your feedback.";

const isTag = (tag: string): tag is FeedbackTag => (FEEDBACK_TAGS as readonly string[]).includes(tag);

/**
 * POST /api/feedback. Tags come comma-joined (as the spec sends them) or as a list; unknown tags are
 * dropped. Any `email` sent is ignored: the server uses the account's.
 */
export const feedbackBody = z.object({
  feedback: text({
    label: "Feedback",
    max: MAX_FEEDBACK_LENGTH,
    min: 1,
    multiline: true,
    required: FEEDBACK_REQUIRED,
    tooShort: FEEDBACK_REQUIRED,
  }),
  tags: z
    .union([z.string().max(500), z.array(z.string().max(50)).max(20)], {
      error: "Tags must be a list of tag names.",
    })
    .optional()
    .transform((tags) => {
      const list = typeof tags === "string" ? tags.split(",") : (tags ?? []);
      return [...new Set(list.map((tag) => tag.trim()).filter(isTag))];
    }),
  allow_response: z.boolean({ error: "allow_response must be true or false." }).optional().default(true),
  email: z.unknown().optional(),
});

export type FeedbackBody = z.input<typeof feedbackBody>;
