"use client";

import { useState, type FormEvent } from "react";
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
  FEEDBACK_REQUIRED,
  FEEDBACK_TAG_LABELS,
  FEEDBACK_TAGS,
  MAX_FEEDBACK_LENGTH,
  type FeedbackTag,
} from "@/lib/feedback/schemas";

export const FEEDBACK_THANKS = "Thanks for your feedback!";

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
  const [text, setText] = useState("");
  const [tags, setTags] = useState<FeedbackTag[]>([]);
  const [allowResponse, setAllowResponse] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const email = user && "email" in user.details ? (user.details.email as string | undefined) : undefined;

  function reset() {
    setText("");
    setTags([]);
    setAllowResponse(true);
    setError(null);
  }

  const send = useAction(
    async () => {
      await apiPost("/api/feedback", { feedback: text, tags: tags.join(","), allow_response: allowResponse });
      snackbar(FEEDBACK_THANKS, { tone: "success" });
      reset();
      onOpenChange(false);
    },
    {
      // Every failure is said under the text, where the person is looking.
      handled: (failure) => {
        const message =
          failure instanceof ApiClientError ? (failure.fieldError("feedback") ?? failure.message) : null;
        setError(message ?? ACTION_FAILED);
        return true;
      },
    },
  );
  const busy = send.busy;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError(FEEDBACK_REQUIRED);
      return;
    }
    await send.run();
  }

  const toggle = (tag: FeedbackTag) =>
    setTags((current) => (current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag]));

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Provide Feedback"
      description="Tell us what works, what doesn't, and what you would like Flexblock to do."
      size="md"
    >
      <form id="feedback-form" onSubmit={submit} noValidate className="flex flex-col gap-5 pb-2">
        <TextAreaField
          label="Your feedback"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          error={error}
          rows={5}
          maxLength={MAX_FEEDBACK_LENGTH}
          autoFocus
        />
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
        <Checkbox
          label={email ? `You may reply to me at ${email}` : "You may reply to me"}
          checked={allowResponse}
          onCheckedChange={setAllowResponse}
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
