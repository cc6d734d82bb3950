"use client";

import { ChevronLeft, ChevronRight, FileX, Pencil, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useDateWords } from "@/components/i18n/use-date-words";
import { Button, buttonClasses, focusRing } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { usePageTitle } from "@/components/ui/page-title";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError, apiDelete } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";
import { Markdown } from "./markdown";
import {
  Breadcrumbs,
  Card,
  WIKI_GROUPS_KEY,
  WikiLoadError,
  WikiLoading,
  groupKey,
  postKey,
  shortDate,
  useCanEditWiki,
  type WikiPost,
  type WikiPostWithGroup,
} from "./wiki-parts";

/** /wiki/post/{postId}: one post rendered from markdown, with its neighbours in the group. */
// eslint-disable-next-line max-lines-per-function -- the post, its neighbours and its delete confirm are one page
export function WikiPostPage({ postId }: { postId: number }) {
  const t = useTranslations("help.wikiPost");
  const words = useDateWords();
  const canEdit = useCanEditWiki();
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const { data: post, error, mutate: reload } = useSWR<WikiPostWithGroup>(postKey(postId));
  const siblings = useSWR<WikiPost[]>(post ? groupKey(post.group_id) : null);
  const [deleting, setDeleting] = useState(false);
  usePageTitle(post?.title ?? t("wiki"));
  const remove = useAction(
    async () => {
      await apiDelete(postKey(postId));
      await Promise.all([mutate(groupKey(post!.group_id)), mutate(WIKI_GROUPS_KEY)]);
      snackbar(t("deletedToast", { title: post!.title }), { tone: "success" });
      router.push(`/wiki/${post!.group_id}`);
    },
    { rethrow: true },
  ).run;

  if (error instanceof ApiClientError && error.status === 404) {
    return (
      <div className="mx-auto max-w-3xl">
        <Breadcrumbs trail={[{ label: t("wiki"), href: "/wiki" }]} />
        <Card>
          <EmptyState
            icon={<FileX />}
            title={t("notFoundTitle")}
            description={t("notFoundDescription")}
            action={
              <Link href="/wiki" className={buttonClasses({ variant: "secondary" })}>
                {t("backToWiki")}
              </Link>
            }
          />
        </Card>
      </div>
    );
  }
  if (error && !post) return <WikiLoadError error={error} what="wiki post" onRetry={() => void reload()} />;
  if (!post) return <WikiLoading label={t("loading")} />;

  const list = siblings.data ?? [];
  const at = list.findIndex((p) => p.id === post.id);
  const previous = at > 0 ? list[at - 1] : undefined;
  const next = at >= 0 ? list[at + 1] : undefined;

  return (
    <article className="mx-auto max-w-3xl">
      <Breadcrumbs
        trail={[
          { label: t("wiki"), href: "/wiki" },
          { label: post.group.title, href: `/wiki/${post.group_id}` },
          { label: post.title },
        ]}
      />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{post.title}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {t("byline", {
              author: post.author.name,
              date: words.instant(post.updated_at, { month: "short", day: "numeric", year: "numeric" }, shortDate(post.updated_at)),
            })}
          </p>
        </div>
        {canEdit && (
          <div className="flex gap-2 print:hidden">
            <Link href={`/wiki/post/${post.id}/edit`} className={buttonClasses({ variant: "secondary" })}>
              <Pencil aria-hidden className="size-4" />
              {t("editButton")}
            </Link>
            <Button variant="secondary" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden className="size-4" />
              {t("deleteButton")}
            </Button>
          </div>
        )}
      </header>
      <Card className="px-5 py-4 sm:px-8 sm:py-6 print:border-0 print:p-0 print:shadow-none">
        <Markdown>{post.body}</Markdown>
      </Card>
      {(previous || next) && (
        <nav
          aria-label={t("moreIn", { group: post.group.title })}
          className="mt-6 grid gap-3 sm:grid-cols-2 print:hidden"
        >
          {previous ? <Neighbour post={previous} direction="previous" /> : <span />}
          {next && <Neighbour post={next} direction="next" />}
        </nav>
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t("deleteTitle", { title: post.title })}
        description={t("deleteDescription")}
        confirmLabel={t("deleteConfirm")}
        destructive
        onConfirm={remove}
      />
    </article>
  );
}

function Neighbour({ post, direction }: { post: WikiPost; direction: "previous" | "next" }) {
  const t = useTranslations("help.wikiPost");
  const isNext = direction === "next";
  return (
    <Link
      href={`/wiki/post/${post.id}`}
      className={cn(
        "flex items-center gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm hover:border-indigo-300",
        isNext && "justify-end text-right sm:col-start-2",
        focusRing,
      )}
    >
      {!isNext && <ChevronLeft aria-hidden className="size-4 shrink-0 text-slate-500" />}
      <span className="min-w-0">
        <span className="block text-xs text-slate-600">{isNext ? t("next") : t("previous")}</span>
        <span className="font-medium text-indigo-700">{post.title}</span>
      </span>
      {isNext && <ChevronRight aria-hidden className="size-4 shrink-0 text-slate-500" />}
    </Link>
  );
}
