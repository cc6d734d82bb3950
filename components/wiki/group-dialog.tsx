"use client";

import { useState, type FormEvent } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import { useAction } from "@/components/ui/use-action";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError, apiPost, apiPut } from "@/lib/api/request.client";
import { MAX_WIKI_SUBTITLE, MAX_WIKI_TITLE, wikiGroupBody } from "@/lib/wiki/schemas";
import type { WikiGroup } from "./wiki-parts";

type Errors = Partial<Record<"title" | "subtitle", string>>;

/** New group, or rename one (POST /api/wiki/groups, PUT /api/wiki/groups/{id}). */
export function GroupDialog({
  open,
  onOpenChange,
  group,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The group to edit; absent for a new one. */
  group?: WikiGroup;
  onSaved: (group: WikiGroup) => unknown;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={group ? "Edit group" : "New group"} size="md">
      {open && <GroupForm group={group} onCancel={() => onOpenChange(false)} onSaved={onSaved} />}
    </Dialog>
  );
}

function GroupForm({
  group,
  onCancel,
  onSaved,
}: {
  group?: WikiGroup;
  onCancel: () => void;
  onSaved: (group: WikiGroup) => unknown;
}) {
  const [title, setTitle] = useState(group?.title ?? "");
  const [subtitle, setSubtitle] = useState(group?.subtitle ?? "");
  const [forStudents, setForStudents] = useState(group?.audience === "everyone");
  const [errors, setErrors] = useState<Errors>({});
  const save = useAction(
    async (body: z.infer<typeof wikiGroupBody>) => {
      const saved = group
        ? await apiPut<WikiGroup>(`/api/wiki/groups/${group.id}`, body)
        : await apiPost<WikiGroup>("/api/wiki/groups", body);
      await onSaved(saved);
    },
    {
      // The title's and subtitle's refusals go beside them; any other failure is the usual snackbar.
      handled: (error) => {
        if (!(error instanceof ApiClientError) || !(error.fieldError("title") || error.fieldError("subtitle"))) {
          return false;
        }
        setErrors({
          title: error.fieldError("title") ?? undefined,
          subtitle: error.fieldError("subtitle") ?? undefined,
        });
        return true;
      },
    },
  );
  const busy = save.busy;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = wikiGroupBody.safeParse({ title, subtitle, audience: forStudents ? "everyone" : "staff" });
    if (!parsed.success) {
      const fields = z.flattenError(parsed.error).fieldErrors;
      setErrors({ title: fields.title?.[0], subtitle: fields.subtitle?.[0] });
      return;
    }
    await save.run(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 pb-2">
      <TextField
        label="Title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
        maxLength={MAX_WIKI_TITLE}
        required
        autoFocus
      />
      <TextField
        label="Subtitle"
        hint="One line under the title, saying who the group is for."
        value={subtitle}
        onChange={(e) => setSubtitle(e.target.value)}
        error={errors.subtitle}
        maxLength={MAX_WIKI_SUBTITLE}
      />
      <Checkbox
        label="Students can read this group (under Help on their page)"
        checked={forStudents}
        onCheckedChange={setForStudents}
      />
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {group ? "Save" : "Create group"}
        </Button>
      </div>
    </form>
  );
}
