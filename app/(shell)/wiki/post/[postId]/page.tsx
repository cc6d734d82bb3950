"use client";

import { useParams } from "next/navigation";
import { NoMatch } from "@/components/shell/no-match";
import { WikiPostPage } from "@/components/wiki/post-page";

// /wiki/post/{postId}: one wiki post.
export default function WikiPostRoute() {
  const { postId } = useParams<{ postId: string }>();
  if (!/^\d{1,9}$/.test(postId)) return <NoMatch />;
  return <WikiPostPage key={postId} postId={Number(postId)} />;
}
