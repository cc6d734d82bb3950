"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError, apiPost } from "@/lib/api/request.client";
import type { TopicResponse } from "@/lib/core/schedule/types";
import { MAX_TOPIC_MEMO } from "@/lib/topics/schemas";
import { AudienceFields, EVERYONE, audienceBody, type AudienceValue } from "./audience-fields";
import { ColorPicker } from "./color-picker";
import { randomTopicColor } from "./palette";

export const TOPIC_FAILED = "Please try that again.";

/** A new topic: memo, one of the 18 colours (random to start), "unavailable", who may join and its seats. */
export function TopicForm({
  onCreated,
  onCancel,
}: {
  onCreated: (topic: TopicResponse) => unknown;
  onCancel?: () => void;
}) {
  const [memo, setMemo] = useState("");
  const [color, setColor] = useState<string>(() => randomTopicColor());
  const [unavailable, setUnavailable] = useState(false);
  const [failed, setFailed] = useState(false);
  const [audience, setAudience] = useState<AudienceValue>(EVERYONE);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const create = useAction(
    async () => {
      setFailed(false);
      setErrors({});
      const topic = await apiPost<TopicResponse>("/api/topics", {
        memo: memo.trim(),
        color,
        unavailable,
        ...audienceBody(audience),
      });
      setMemo("");
      setUnavailable(false);
      setColor(randomTopicColor());
      setAudience(EVERYONE);
      await onCreated(topic);
    },
    {
      // Said in the form: by the audience fields, else TOPIC_FAILED above the buttons.
      handled: (err) => {
        if (err instanceof ApiClientError && err.status === 422 && Object.keys(err.errors).length > 0) setErrors(err.errors);
        else setFailed(true);
        return true;
      },
    },
  );
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!memo.trim()) return;
    await create.run();
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <TextField
        label="Topic"
        placeholder="e.g. Chemistry lab catch-up"
        value={memo}
        maxLength={MAX_TOPIC_MEMO}
        onChange={(e) => setMemo(e.target.value)}
        autoFocus
      />
      <ColorPicker value={color} onChange={setColor} />
      <Switch
        label="Unavailable"
        description="Students can't choose you for a block with this topic."
        checked={unavailable}
        onCheckedChange={setUnavailable}
      />
      <AudienceFields value={audience} onChange={setAudience} errors={errors} />
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {TOPIC_FAILED}
        </p>
      )}
      <FormButtons busy={create.busy} ready={memo.trim() !== ""} onCancel={onCancel} />
    </form>
  );
}

function FormButtons({ busy, ready, onCancel }: { busy: boolean; ready: boolean; onCancel?: () => void }) {
  return (
    <div className="flex justify-end gap-2">
      {onCancel && (
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      )}
      <Button type="submit" size="sm" loading={busy} disabled={!ready}>
        Create Topic
      </Button>
    </div>
  );
}
