"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm, type Control } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import { fieldErrorsTo, useAction } from "@/components/ui/use-action";
import { TextField } from "@/components/ui/text-field";
import { apiPost, apiPut } from "@/lib/api/request.client";
import { MAX_WIKI_SUBTITLE, MAX_WIKI_TITLE, wikiGroupBody } from "@/lib/wiki/schemas";
import type { WikiGroup } from "./wiki-parts";

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

/** The form's values are the request's body; the route's schema checks them here first. */
const groupForm = wikiGroupBody.required({ audience: true });
type GroupValues = z.infer<typeof groupForm>;

function GroupForm({
  group,
  onCancel,
  onSaved,
}: {
  group?: WikiGroup;
  onCancel: () => void;
  onSaved: (group: WikiGroup) => unknown;
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof groupForm>, unknown, GroupValues>({
    resolver: zodResolver(groupForm),
    defaultValues: {
      title: group?.title ?? "",
      subtitle: group?.subtitle ?? "",
      audience: group?.audience === "everyone" ? "everyone" : "staff",
    },
  });
  const save = useAction(
    async (body: GroupValues) => {
      const saved = group
        ? await apiPut<WikiGroup>(`/api/wiki/groups/${group.id}`, body)
        : await apiPost<WikiGroup>("/api/wiki/groups", body);
      await onSaved(saved);
    },
    {
      // The title's and subtitle's refusals go beside them; any other failure is the usual snackbar.
      handled: fieldErrorsTo(["title", "subtitle"] as const, (field, message) =>
        setError(field, { type: "server", message }),
      ),
    },
  );
  const busy = save.busy;

  return (
    <form onSubmit={handleSubmit((body) => save.run(body))} noValidate className="flex flex-col gap-4 pb-2">
      <TextField
        label="Title"
        error={errors.title?.message}
        maxLength={MAX_WIKI_TITLE}
        required
        autoFocus
        {...register("title")}
      />
      <TextField
        label="Subtitle"
        hint="One line under the title, saying who the group is for."
        error={errors.subtitle?.message}
        maxLength={MAX_WIKI_SUBTITLE}
        {...register("subtitle")}
      />
      <AudienceBox control={control} />
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

/** Who reads the group: staff, or students too. */
function AudienceBox({ control }: { control: Control<z.input<typeof groupForm>, unknown, GroupValues> }) {
  return (
    <Controller
      control={control}
      name="audience"
      render={({ field }) => (
        <Checkbox
          label="Students can read this group (under Help on their page)"
          checked={field.value === "everyone"}
          onCheckedChange={(on) => field.onChange(on ? "everyone" : "staff")}
        />
      )}
    />
  );
}
