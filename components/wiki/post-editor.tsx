"use client";

import { useRouter } from "next/navigation";
import { useDeferredValue, useState, type FormEvent } from "react";
import useSWR, { useSWRConfig } from "swr";
import { z } from "zod";
import { Button, focusRing } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageHeader } from "@/components/ui/page-header";
import { snackbar } from "@/components/ui/snackbar";
import { TextAreaField, TextField, inputClasses } from "@/components/ui/text-field";
import { useLeaveWarning } from "@/components/ui/use-leave-warning";
import { ApiClientError, apiPost, apiPut } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { MAX_WIKI_BODY, MAX_WIKI_TITLE, wikiPostBody } from "@/lib/wiki/schemas";
import { Markdown } from "./markdown";
import {
  Breadcrumbs,
  Card,
  WIKI_GROUPS_KEY,
  groupKey,
  postKey,
  type WikiGroup,
  type WikiPostWithGroup,
} from "./wiki-parts";

type Field = "title" | "group_id" | "body";
type Errors = Partial<Record<Field, string>>;

const LEAVE_WARNING = "Leave without saving? Your changes to this post will be lost.";

const HINT =
  "Markdown: # Heading, **bold**, - bullets, 1. steps, | tables |, - [ ] task lists, and [a link](/wiki/post/1) to another post. HTML is shown as text.";

/** Write a new post in a group, or edit (and move) an existing one, with a live preview. */
export function WikiPostEditor({ groupId, post }: { groupId?: number; post?: WikiPostWithGroup }) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const groups = useSWR<WikiGroup[]>(WIKI_GROUPS_KEY);
  const [title, setTitle] = useState(post?.title ?? "");
  const [group, setGroup] = useState(String(post?.group_id ?? groupId ?? ""));
  const [body, setBody] = useState(post?.body ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const preview = useDeferredValue(body);
  const dirty =
    title !== (post?.title ?? "") ||
    body !== (post?.body ?? "") ||
    group !== String(post?.group_id ?? groupId ?? "");
  const groupTitle = groups.data?.find((g) => String(g.id) === group)?.title;

  // Leaving with unsaved words asks first: reloading, closing the tab, a link elsewhere, or Cancel.
  useLeaveWarning(dirty && !busy, LEAVE_WARNING);
  // Cancel goes back to where the editor was opened from: the post, or the group a new post was for.
  const leave = () => router.push(post ? `/wiki/post/${post.id}` : groupId ? `/wiki/${groupId}` : "/wiki");

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = wikiPostBody.safeParse({ title, group_id: group, body });
    if (!parsed.success) {
      const fields = z.flattenError(parsed.error).fieldErrors;
      setErrors({ title: fields.title?.[0], group_id: fields.group_id?.[0], body: fields.body?.[0] });
      return;
    }
    setBusy(true);
    try {
      const saved = post
        ? await apiPut<WikiPostWithGroup>(postKey(post.id), parsed.data)
        : await apiPost<WikiPostWithGroup>("/api/wiki/posts", parsed.data);
      await Promise.all([
        mutate(postKey(saved.id), saved, { revalidate: false }),
        mutate(groupKey(saved.group_id)),
        post && post.group_id !== saved.group_id ? mutate(groupKey(post.group_id)) : null,
        mutate(WIKI_GROUPS_KEY),
      ]);
      snackbar(post ? "Saved the post." : "Published the post.", { tone: "success" });
      router.push(`/wiki/post/${saved.id}`);
    } catch (error) {
      setBusy(false);
      if (
        error instanceof ApiClientError &&
        (["title", "group_id", "body"] as const).some((f) => error.fieldError(f))
      ) {
        setErrors({
          title: error.fieldError("title"),
          group_id: error.fieldError("group_id"),
          body: error.fieldError("body"),
        });
      } else {
        snackbar(error instanceof ApiClientError ? error.message : "That didn't work. Please try again.", {
          tone: "error",
        });
      }
    }
  }

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
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={errors.title}
            maxLength={MAX_WIKI_TITLE}
            required
            autoFocus={!post}
          />
          <GroupSelect
            groups={groups.data ?? []}
            value={group}
            onChange={setGroup}
            error={errors.group_id}
            moving={Boolean(post)}
          />
          <TextAreaField
            label="Post"
            hint={HINT}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            error={errors.body}
            maxLength={MAX_WIKI_BODY}
            rows={20}
            spellCheck
            className="font-mono text-[0.8rem] leading-6"
            required
          />
          <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
            <Button
              type="button"
              variant="secondary"
              onClick={() => (dirty ? setDiscarding(true) : leave())}
              disabled={busy}
            >
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {post ? "Save" : "Publish"}
            </Button>
          </div>
        </Card>
        <section aria-labelledby="wiki-preview-heading" className="min-w-0">
          <h2
            id="wiki-preview-heading"
            className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase"
          >
            Preview
          </h2>
          <Card className="min-h-48 px-5 py-4 sm:px-8 sm:py-6">
            <p className="mb-4 text-2xl font-semibold tracking-tight text-slate-900">
              {title || "Untitled post"}
            </p>
            {preview.trim() ? (
              <Markdown>{preview}</Markdown>
            ) : (
              <p className="text-sm text-slate-600">The post appears here as you write it.</p>
            )}
          </Card>
        </section>
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

function GroupSelect({
  groups,
  value,
  onChange,
  error,
  moving,
}: {
  groups: WikiGroup[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  moving: boolean;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="wiki-post-group" className="text-sm font-medium text-slate-800">
        Group
      </label>
      <select
        id="wiki-post-group"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "wiki-post-group-error" : moving ? "wiki-post-group-hint" : undefined}
        className={cn(inputClasses(Boolean(error)), "h-9 py-1", focusRing)}
      >
        {value === "" && <option value="">Choose a group</option>}
        {groups.map((g) => (
          <option key={g.id} value={String(g.id)}>
            {g.title}
          </option>
        ))}
      </select>
      {error ? (
        <p id="wiki-post-group-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        moving && (
          <p id="wiki-post-group-hint" className="text-xs text-slate-600">
            Choose another group to move the post there.
          </p>
        )
      )}
    </div>
  );
}
