"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useSWRConfig } from "swr";
import { z } from "zod";
import { snackbar } from "@/components/ui/snackbar";
import { ApiClientError, apiPost, apiPut } from "@/lib/api/request.client";
import { wikiPostBody } from "@/lib/wiki/schemas";
import { WIKI_GROUPS_KEY, groupKey, postKey, type WikiPostWithGroup } from "./wiki-parts";

type Field = "title" | "group_id" | "body";
export type PostErrors = Partial<Record<Field, string>>;

/**
 * Save or Publish: the fields checked with the route's own schema, then PUT (edit) or POST (new), the
 * wiki's lists refreshed and the post opened; the server's field errors are shown by their fields.
 */
export function usePostSave(
  post: WikiPostWithGroup | undefined,
  values: { title: string; group: string; body: string },
) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [errors, setErrors] = useState<PostErrors>({});
  // By hand: after a save, busy stays on until the post opens (a second press would post twice).
  const [busy, setBusy] = useState(false);
  const { title, group, body } = values;

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

  return { errors, busy, submit };
}
