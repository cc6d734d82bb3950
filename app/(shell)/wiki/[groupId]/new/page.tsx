"use client";

import { useParams } from "next/navigation";
import { NoMatch } from "@/components/shell/no-match";
import { WikiPostEditor } from "@/components/wiki/post-editor";

// /wiki/{groupId}/new: write a new post in a group (administrators).
export default function NewWikiPostRoute() {
  const { groupId } = useParams<{ groupId: string }>();
  if (!/^\d{1,9}$/.test(groupId)) return <NoMatch />;
  return <WikiPostEditor key={groupId} groupId={Number(groupId)} />;
}
