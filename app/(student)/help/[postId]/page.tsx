"use client";

import { useParams } from "next/navigation";
import { NoMatch } from "@/components/shell/no-match";
import { StudentHelpPost } from "@/components/wiki/student-help";

// /help/{postId}: one help page, for a student.
export default function HelpPostPage() {
  const { postId } = useParams<{ postId: string }>();
  if (!/^\d{1,9}$/.test(postId)) return <NoMatch />;
  return <StudentHelpPost key={postId} postId={Number(postId)} />;
}
