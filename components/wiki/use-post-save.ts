"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useSWRConfig } from "swr";
import type { z } from "zod";
import { snackbar } from "@/components/ui/snackbar";
import { fieldErrorsTo, showFailure } from "@/components/ui/use-action";
import { apiPost, apiPut } from "@/lib/api/request.client";
import { wikiPostBody } from "@/lib/wiki/schemas";
import { WIKI_GROUPS_KEY, groupKey, postKey, type WikiPostWithGroup } from "./wiki-parts";

/** The editor's values: the request's body (the group as the select holds it, digits the route reads as an id). */
export type PostValues = z.input<typeof wikiPostBody>;
const FIELDS = ["title", "group_id", "body"] as const;

/**
 * Save or Publish: the fields checked with the route's own schema, then PUT (edit) or POST (new), the
 * wiki's lists refreshed and the post opened; the server's field errors are shown by their fields.
 */
export function usePostSave(post: WikiPostWithGroup | undefined, groupId: number | undefined) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  // Once saved, the form stays busy until the post opens (a second press would post twice).
  const [saved, setSaved] = useState(false);
  const form = useForm<PostValues, unknown, z.output<typeof wikiPostBody>>({
    resolver: zodResolver(wikiPostBody),
    defaultValues: {
      title: post?.title ?? "",
      group_id: String(post?.group_id ?? groupId ?? ""),
      body: post?.body ?? "",
    },
  });

  const sayByFields = fieldErrorsTo(FIELDS, (field, message) =>
    form.setError(field, { type: "server", message }),
  );
  const submit = form.handleSubmit(async (body) => {
    try {
      const answer = post
        ? await apiPut<WikiPostWithGroup>(postKey(post.id), body)
        : await apiPost<WikiPostWithGroup>("/api/wiki/posts", body);
      setSaved(true);
      await Promise.all([
        mutate(postKey(answer.id), answer, { revalidate: false }),
        mutate(groupKey(answer.group_id)),
        post && post.group_id !== answer.group_id ? mutate(groupKey(post.group_id)) : null,
        mutate(WIKI_GROUPS_KEY),
      ]);
      snackbar(post ? "Saved the post." : "Published the post.", { tone: "success" });
      router.push(`/wiki/post/${answer.id}`);
    } catch (error) {
      setSaved(false);
      // The fields' refusals are said by the fields; anything else is the usual error snackbar.
      if (!sayByFields(error)) showFailure(error);
    }
  });

  return { form, busy: form.formState.isSubmitting || saved, submit };
}
