"use client";

import { BookOpen, Plus } from "lucide-react";
import { useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { apiDelete, apiPut } from "@/lib/api/request.client";
import { GroupCard } from "./group-card";
import { GroupDialog } from "./group-dialog";
import {
  Card,
  WIKI_GROUPS_KEY,
  WikiLoadError,
  WikiLoading,
  useCanEditWiki,
  type WikiGroup,
} from "./wiki-parts";

/** /wiki: the wiki's groups; administrators add, rename, reorder and delete them. */
// eslint-disable-next-line max-lines-per-function -- the groups grid and its dialogs are one page
export function WikiHome() {
  const canEdit = useCanEditWiki();
  const { data, error, isLoading, mutate } = useSWR<WikiGroup[]>(WIKI_GROUPS_KEY);
  const [editing, setEditing] = useState<WikiGroup | "new" | null>(null);
  const [deleting, setDeleting] = useState<WikiGroup | null>(null);

  const move = useAction(async (group: WikiGroup, by: -1 | 1) => {
    const index = data!.findIndex((g) => g.id === group.id);
    await apiPut(`/api/wiki/groups/${group.id}`, {
      title: group.title,
      subtitle: group.subtitle,
      position: index + by,
    });
    await mutate();
  }).run;

  const remove = useAction(
    async (group: WikiGroup) => {
      await apiDelete(`/api/wiki/groups/${group.id}`);
      await mutate();
      snackbar(`Deleted “${group.title}”.`, { tone: "success" });
    },
    { rethrow: true },
  ).run;

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Wiki"
        description="Help for Flexblock: how each screen works, for teachers, administrators and students."
        actions={
          canEdit && (
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden className="size-4" />
              New group
            </Button>
          )
        }
      />
      {error && !data ? (
        <WikiLoadError error={error} what="wiki" onRetry={() => void mutate()} />
      ) : isLoading && !data ? (
        <WikiLoading label="Loading the wiki" />
      ) : !data || data.length === 0 ? (
        <Card>
          <EmptyState icon={<BookOpen />} title="No Wiki groups were found" />
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {data.map((group, index) => (
            <li key={group.id}>
              <GroupCard
                group={group}
                canEdit={canEdit}
                first={index === 0}
                last={index === data.length - 1}
                onEdit={() => setEditing(group)}
                onMove={(by) => void move(group, by)}
                onDelete={() => setDeleting(group)}
              />
            </li>
          ))}
        </ul>
      )}

      <GroupDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        group={editing === "new" || editing === null ? undefined : editing}
        onSaved={async () => {
          setEditing(null);
          await mutate();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete “${deleting?.title ?? ""}”?`}
        description={
          deleting && deleting.post_count > 0
            ? "This group still has posts. Move or delete them first."
            : "The group is empty. Deleting it cannot be undone."
        }
        confirmLabel="Delete group"
        destructive
        confirmDisabled={Boolean(deleting && deleting.post_count > 0)}
        onConfirm={() => remove(deleting!)}
      />
    </div>
  );
}
