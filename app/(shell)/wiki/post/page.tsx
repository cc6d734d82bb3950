"use client";

import { FileText } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

// /wiki/post with no post chosen.
export default function NoWikiPostRoute() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Wiki" />
      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <EmptyState
          icon={<FileText />}
          title="No Wiki post selected"
          description="Choose a group, then a post to read it."
          action={
            <Link href="/wiki" className={buttonClasses({ variant: "secondary" })}>
              Browse the Wiki
            </Link>
          }
        />
      </div>
    </div>
  );
}
