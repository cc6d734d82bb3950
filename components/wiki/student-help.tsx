"use client";

import { BookOpen, FileX } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import type { ReactNode } from "react";
import useSWR from "swr";
import { StudentHeader } from "@/components/shell/student-header";
import { BackLink } from "@/components/ui/back-link";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { usePageTitle } from "@/components/ui/page-title";
import { ApiClientError } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";
import { focusRing } from "@/components/ui/button";
import { Markdown } from "./markdown";
import {
  Card,
  WIKI_GROUPS_KEY,
  WikiLoadError,
  WikiLoading,
  groupKey,
  postKey,
  type WikiGroup,
  type WikiPost,
  type WikiPostWithGroup,
} from "./wiki-parts";

/** In a student's Help, links between posts stay in Help. */
const helpLink = (href: string) => href.replace(/^\/wiki\/post\/(\d+)/, "/help/$1");

/**
 * The wiki's address with the page's language: the product's own help comes in it while the school has
 * not edited it (lib/wiki/help/translated.server.ts). English asks as it always did.
 */
function useHelpKey() {
  const locale = useLocale();
  return (key: string) => (locale === "en" ? key : `${key}?locale=${encodeURIComponent(locale)}`);
}

/** A student's screen: their header, then the way back. */
function HelpFrame({ back, children }: { back: { href: string; label: string }; children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <StudentHeader width="max-w-3xl" />
      <main id="main" className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
        <BackLink href={back.href} label={back.label} className="mb-4" />
        {children}
      </main>
    </div>
  );
}

/** One group meant for students, with its posts as links. */
function HelpGroup({ group }: { group: WikiGroup }) {
  const t = useTranslations("help");
  const helpKey = useHelpKey();
  const { data: posts, error, mutate } = useSWR<WikiPost[]>(helpKey(groupKey(group.id)));
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">{group.title}</h2>
      {group.subtitle && <p className="mt-0.5 text-sm text-slate-600">{group.subtitle}</p>}
      {error && <WikiLoadError error={error} what="help pages" onRetry={() => void mutate()} />}
      {posts && posts.length === 0 && <p className="mt-3 text-sm text-slate-600">{t("group.noPosts")}</p>}
      {posts && posts.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100">
          {posts.map((post) => (
            <li key={post.id} className="py-2.5">
              <Link
                href={`/help/${post.id}`}
                className={cn(
                  "rounded font-medium text-indigo-700 underline-offset-2 hover:underline",
                  focusRing,
                )}
              >
                {post.title}
              </Link>
              {post.excerpt && <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{post.excerpt}</p>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /help: the help written for students (the wiki groups an administrator made readable by everyone). */
export function StudentHelp() {
  const t = useTranslations("help");
  const helpKey = useHelpKey();
  usePageTitle(t("title"));
  const { data: groups, error, mutate } = useSWR<WikiGroup[]>(helpKey(WIKI_GROUPS_KEY));
  return (
    <HelpFrame back={{ href: "/profile", label: t("list.backLink") }}>
      <h1 className="mb-5 text-2xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
      {error && !groups && <WikiLoadError error={error} what="help" onRetry={() => void mutate()} />}
      {!groups && !error && <WikiLoading label={t("list.loading")} />}
      {groups && groups.length === 0 && (
        <Card>
          <EmptyState
            icon={<BookOpen />}
            title={t("list.emptyTitle")}
            description={t("list.emptyDescription")}
          />
        </Card>
      )}
      {groups && groups.length > 0 && (
        <div className="flex flex-col gap-4">
          {groups.map((group) => (
            <HelpGroup key={group.id} group={group} />
          ))}
        </div>
      )}
    </HelpFrame>
  );
}

/** /help/{postId}: one help page for a student. */
export function StudentHelpPost({ postId }: { postId: number }) {
  const t = useTranslations("help");
  const helpKey = useHelpKey();
  const { data: post, error, mutate } = useSWR<WikiPostWithGroup>(helpKey(postKey(postId)));
  usePageTitle(post?.title ?? t("title"));
  const missing = error instanceof ApiClientError && error.status === 404;
  return (
    <HelpFrame back={{ href: "/help", label: t("post.allHelp") }}>
      {missing && (
        <Card>
          <EmptyState
            icon={<FileX />}
            title={t("post.notFoundTitle")}
            description={t("post.notFoundDescription")}
            action={
              <Link href="/help" className={buttonClasses({ variant: "secondary" })}>
                {t("post.allHelp")}
              </Link>
            }
          />
        </Card>
      )}
      {error && !missing && !post && (
        <WikiLoadError error={error} what="help page" onRetry={() => void mutate()} />
      )}
      {!post && !error && <WikiLoading label={t("post.loading")} />}
      {post && (
        <Card className="p-5 sm:p-8">
          <p className="text-sm text-slate-600">{post.group.title}</p>
          <h1 className="mt-1 mb-4 text-2xl font-semibold tracking-tight text-slate-900">{post.title}</h1>
          <Markdown linkTo={helpLink}>{post.body}</Markdown>
        </Card>
      )}
    </HelpFrame>
  );
}
