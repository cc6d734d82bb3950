"use client";

import { ArrowDown, ArrowUp, FileText, FolderX, Plus } from "lucide-react";
import Link from "next/link";
import useSWR from "swr";
import { buttonClasses, focusRing } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { IconButton } from "@/components/ui/icon-button";
import { PageHeader } from "@/components/ui/page-header";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError, apiPut } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";
import {
  Breadcrumbs,
  Card,
  WIKI_GROUPS_KEY,
  WikiLoadError,
  WikiLoading,
  groupKey,
  shortDate,
  useCanEditWiki,
  type WikiGroup,
  type WikiPost,
} from "./wiki-parts";

/** /wiki/{groupId}: the posts of one group, in order; administrators add and reorder them. */
// eslint-disable-next-line max-lines-per-function -- the group page's posts list and its reorder controls are one view
export function WikiGroupPage({ groupId }: { groupId: number }) {
  const canEdit = useCanEditWiki();
  const groups = useSWR<WikiGroup[]>(WIKI_GROUPS_KEY);
  const posts = useSWR<WikiPost[]>(groupKey(groupId));
  const group = groups.data?.find((g) => g.id === groupId);
  const move = useAction(async (post: WikiPost, index: number, by: -1 | 1) => {
    await apiPut(`/api/wiki/posts/${post.id}`, {
      group_id: post.group_id,
      title: post.title,
      body: post.body,
      position: index + by,
    });
    await posts.mutate();
  }).run;

  if (posts.error instanceof ApiClientError && posts.error.status === 404) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader title="Wiki" />
        <Card>
          <EmptyState
            icon={<FolderX />}
            title="This wiki group could not be found."
            description="It may have been deleted or moved."
            action={
              <Link href="/wiki" className={buttonClasses({ variant: "secondary" })}>
                Back to the Wiki
              </Link>
            }
          />
        </Card>
      </div>
    );
  }

  const list = posts.data;
  return (
    <div className="mx-auto max-w-3xl">
      <Breadcrumbs trail={[{ label: "Wiki", href: "/wiki" }, { label: group?.title ?? "…" }]} />
      <PageHeader
        title={group?.title ?? "Wiki"}
        description={group?.subtitle || undefined}
        actions={
          canEdit && (
            <Link href={`/wiki/${groupId}/new`} className={buttonClasses()}>
              <Plus aria-hidden className="size-4" />
              New post
            </Link>
          )
        }
      />
      {posts.error && !list ? (
        <WikiLoadError error={posts.error} what="wiki group" onRetry={() => void posts.mutate()} />
      ) : !list ? (
        <WikiLoading label="Loading posts" />
      ) : list.length === 0 ? (
        <Card>
          <EmptyState icon={<FileText />} title="No Wiki posts were found" />
        </Card>
      ) : (
        <Card>
          <ul className="divide-y divide-slate-100">
            {list.map((post, index) => (
              <li key={post.id} className="relative flex items-start gap-3 px-5 py-4 hover:bg-slate-50">
                <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-400" />
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold text-slate-900">
                    <Link
                      href={`/wiki/post/${post.id}`}
                      className={cn("rounded after:absolute after:inset-0 hover:text-indigo-700", focusRing)}
                    >
                      {post.title}
                    </Link>
                  </h2>
                  {post.excerpt && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{post.excerpt}</p>}
                  <p className="mt-2 text-xs text-slate-600">
                    Updated {shortDate(post.updated_at)} · {post.author.name}
                  </p>
                </div>
                {canEdit && (
                  <div className="relative z-10 flex shrink-0 gap-1">
                    <IconButton
                      label={`Move ${post.title} up`}
                      icon={<ArrowUp className="size-4" />}
                      size="sm"
                      disabled={index === 0}
                      onClick={() => void move(post, index, -1)}
                    />
                    <IconButton
                      label={`Move ${post.title} down`}
                      icon={<ArrowDown className="size-4" />}
                      size="sm"
                      disabled={index === list.length - 1}
                      onClick={() => void move(post, index, 1)}
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
