"use client";

import { useParams } from "next/navigation";
import useSWR from "swr";
import { NoMatch } from "@/components/shell/no-match";
import { WikiPostEditor } from "@/components/wiki/post-editor";
import { WikiLoadError, WikiLoading, postKey, type WikiPostWithGroup } from "@/components/wiki/wiki-parts";

// /wiki/post/{postId}/edit: edit or move a post (administrators).
export default function EditWikiPostRoute() {
  const { postId } = useParams<{ postId: string }>();
  const valid = /^\d{1,9}$/.test(postId);
  const { data, error, mutate } = useSWR<WikiPostWithGroup>(valid ? postKey(postId) : null);
  if (!valid) return <NoMatch />;
  if (error && !data) return <WikiLoadError error={error} what="wiki post" onRetry={() => void mutate()} />;
  if (!data) return <WikiLoading label="Loading the post" />;
  return <WikiPostEditor key={postId} post={data} />;
}
