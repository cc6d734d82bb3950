"use client";

import { useRouter } from "next/navigation";
import { useDeferredValue, useState } from "react";
import { Controller } from "react-hook-form";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageHeader } from "@/components/ui/page-header";
import { TextAreaField, TextField } from "@/components/ui/text-field";
import { useLeaveWarning } from "@/components/ui/use-leave-warning";
import { MAX_WIKI_BODY, MAX_WIKI_TITLE } from "@/lib/wiki/schemas";
import { GroupSelect } from "./group-select";
import { PostPreview } from "./post-preview";
import { usePostSave } from "./use-post-save";
import { Breadcrumbs, Card, WIKI_GROUPS_KEY, type WikiGroup, type WikiPostWithGroup } from "./wiki-parts";

const LEAVE_WARNING = "Leave without saving? Your changes to this post will be lost.";

const HINT =
  "Markdown: # Heading, **bold**, - bullets, 1. steps, | tables |, - [ ] task lists, and [a link](/wiki/post/1) to another post. HTML is shown as text.";

/** Write a new post in a group, or edit (and move) an existing one, with a live preview. */
// eslint-disable-next-line max-lines-per-function -- one form: title, group, body and preview
export function WikiPostEditor({ groupId, post }: { groupId?: number; post?: WikiPostWithGroup }) {
  const router = useRouter();
  const groups = useSWR<WikiGroup[]>(WIKI_GROUPS_KEY);
  const { form, busy, submit } = usePostSave(post, groupId);
  const { errors, isDirty } = form.formState;
  const [title, groupValue, body] = form.watch(["title", "group_id", "body"]);
  const group = String(groupValue ?? "");
  const [discarding, setDiscarding] = useState(false);
  const preview = useDeferredValue(body);
  const groupTitle = groups.data?.find((g) => String(g.id) === group)?.title;

  // Leaving with unsaved words asks first: reloading, closing the tab, a link elsewhere, or Cancel.
  useLeaveWarning(isDirty && !busy, LEAVE_WARNING);
  // Cancel goes back to where the editor was opened from: the post, or the group a new post was for.
  const leave = () => router.push(post ? `/wiki/post/${post.id}` : groupId ? `/wiki/${groupId}` : "/wiki");

  const heading = post ? "Edit post" : "New post";
  return (
    <div className="mx-auto max-w-7xl">
      <Breadcrumbs
        trail={[
          { label: "Wiki", href: "/wiki" },
          ...(groupTitle ? [{ label: groupTitle, href: `/wiki/${group}` }] : []),
          ...(post ? [{ label: post.title, href: `/wiki/post/${post.id}` }] : []),
          { label: heading },
        ]}
      />
      <PageHeader title={heading} />
      <form onSubmit={submit} noValidate className="grid items-start gap-6 lg:grid-cols-2">
        <Card className="flex flex-col gap-4 p-5">
          <TextField
            label="Title"
            error={errors.title?.message}
            maxLength={MAX_WIKI_TITLE}
            required
            autoFocus={!post}
            {...form.register("title")}
          />
          <Controller
            control={form.control}
            name="group_id"
            render={({ field }) => (
              <GroupSelect
                groups={groups.data ?? []}
                value={String(field.value ?? "")}
                onChange={field.onChange}
                error={errors.group_id?.message}
                moving={Boolean(post)}
              />
            )}
          />
          <TextAreaField
            label="Post"
            hint={HINT}
            error={errors.body?.message}
            maxLength={MAX_WIKI_BODY}
            rows={20}
            spellCheck
            className="font-mono text-[0.8rem] leading-6"
            required
            {...form.register("body")}
          />
          <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
            <Button
              type="button"
              variant="secondary"
              onClick={() => (isDirty ? setDiscarding(true) : leave())}
              disabled={busy}
            >
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {post ? "Save" : "Publish"}
            </Button>
          </div>
        </Card>
        <PostPreview title={title} body={preview} />
      </form>
      <ConfirmDialog
        open={discarding}
        onOpenChange={setDiscarding}
        title="Discard your changes?"
        description={post ? "The post stays as it was saved." : "The post is not published."}
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        destructive
        onConfirm={leave}
      />
    </div>
  );
}
