"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { useAuth } from "@/components/auth/use-auth";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import { snackbar } from "@/components/ui/snackbar";
import { TextAreaField } from "@/components/ui/text-field";
import { ACTION_FAILED, useAction } from "@/components/ui/use-action";
import { ApiClientError, apiPost } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";
import {
  FEEDBACK_TAG_LABELS,
  FEEDBACK_TAGS,
  MAX_FEEDBACK_LENGTH,
  feedbackBody,
  type FeedbackTag,
} from "@/lib/feedback/schemas";

export const FEEDBACK_THANKS = "Thanks for your feedback!";

/** The form's values: the request's body, its tags as a list (sent comma-joined, as the spec's call does). */
const feedbackForm = feedbackBody
  .omit({ email: true })
  .extend({ tags: z.array(z.enum(FEEDBACK_TAGS)), allow_response: z.boolean() });
type FeedbackValues = z.infer<typeof feedbackForm>;
const EMPTY: FeedbackValues = { feedback: "", tags: [], allow_response: true };

/** Help → Provide Feedback: text, tags and whether we may reply (to the account's email). */
// eslint-disable-next-line max-lines-per-function -- one form: the text, the tags and whether we may reply
export function FeedbackDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user } = useAuth();
  // The route's own schema checks the values first (an empty text is refused without a request).
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FeedbackValues>({ resolver: zodResolver(feedbackForm), defaultValues: EMPTY });
  const email = user && "email" in user.details ? (user.details.email as string | undefined) : undefined;

  const send = useAction(
    async (values: FeedbackValues) => {
      await apiPost("/api/feedback", { ...values, tags: values.tags.join(",") });
      snackbar(FEEDBACK_THANKS, { tone: "success" });
      reset(EMPTY);
      onOpenChange(false);
    },
    {
      // Every failure is said under the text, where the person is looking.
      handled: (failure) => {
        const message =
          failure instanceof ApiClientError ? (failure.fieldError("feedback") ?? failure.message) : null;
        setError("feedback", { type: "server", message: message ?? ACTION_FAILED });
        return true;
      },
    },
  );
  const busy = send.busy;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Provide Feedback"
      description="Tell us what works, what doesn't, and what you would like Flexblock to do."
      size="md"
    >
      <form
        id="feedback-form"
        onSubmit={handleSubmit((values) => send.run(values))}
        noValidate
        className="flex flex-col gap-5 pb-2"
      >
        <TextAreaField
          label="Your feedback"
          error={errors.feedback?.message}
          rows={5}
          maxLength={MAX_FEEDBACK_LENGTH}
          autoFocus
          {...register("feedback")}
        />
        <Controller
          control={control}
          name="tags"
          render={({ field }) => <TagPicker tags={field.value} onChange={field.onChange} />}
        />
        <Controller
          control={control}
          name="allow_response"
          render={({ field }) => (
            <Checkbox
              label={email ? `You may reply to me at ${email}` : "You may reply to me"}
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Send Feedback
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The five tags, each a toggle button. */
function TagPicker({ tags, onChange }: { tags: FeedbackTag[]; onChange: (tags: FeedbackTag[]) => void }) {
  const toggle = (tag: FeedbackTag) =>
    onChange(tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag]);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800">Tags</legend>
      <div className="flex flex-wrap gap-2">
        {FEEDBACK_TAGS.map((tag) => {
          const on = tags.includes(tag);
          return (
            <button
              key={tag}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(tag)}
              className={cn(
                "rounded-full px-3 py-1 text-sm ring-1 transition-colors ring-inset",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
                on
                  ? "bg-indigo-600 text-white ring-indigo-600"
                  : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
              )}
            >
              {FEEDBACK_TAG_LABELS[tag]}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
