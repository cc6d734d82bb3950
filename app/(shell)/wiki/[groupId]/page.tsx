"use client";

import { useParams } from "next/navigation";
import { NoMatch } from "@/components/shell/no-match";
import { WikiGroupPage } from "@/components/wiki/group-page";

// /wiki/{groupId}: the posts of one wiki group.
export default function WikiGroupRoute() {
  const { groupId } = useParams<{ groupId: string }>();
  if (!/^\d{1,9}$/.test(groupId)) return <NoMatch />;
  return <WikiGroupPage key={groupId} groupId={Number(groupId)} />;
}
