"use client";

import { ArrowDown, ArrowUp, BookOpen, FolderOpen, MoreVertical, Pencil, Plus, Trash2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import useSWR from "swr";
import { Badge } from "@/components/ui/badge";
import { Button, focusRing } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DropdownMenu, MenuItem } from "@/components/ui/dropdown-menu";
import { EmptyState } from "@/components/ui/empty-state";
import { IconButton } from "@/components/ui/icon-button";
import { PageHeader } from "@/components/ui/page-header";
import { snackbar } from "@/components/ui/snackbar";
import { apiDelete, apiPut, messageOf } from "@/lib/api/client";
import { cn } from "@/lib/cn";
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
export function WikiHome() {
  const canEdit = useCanEditWiki();
  const { data, error, isLoading, mutate } = useSWR<WikiGroup[]>(WIKI_GROUPS_KEY);
  const [editing, setEditing] = useState<WikiGroup | "new" | null>(null);
  const [deleting, setDeleting] = useState<WikiGroup | null>(null);

  async function move(group: WikiGroup, by: -1 | 1) {
    const index = data!.findIndex((g) => g.id === group.id);
    try {
      await apiPut(`/api/wiki/groups/${group.id}`, {
        title: group.title,
        subtitle: group.subtitle,
        position: index + by,
      });
      await mutate();
    } catch (failure) {
      snackbar(messageOf(failure, "That didn't work. Please try again."), { tone: "error" });
    }
  }

  async function remove(group: WikiGroup) {
    try {
      await apiDelete(`/api/wiki/groups/${group.id}`);
      await mutate();
      snackbar(`Deleted “${group.title}”.`, { tone: "success" });
    } catch (failure) {
      snackbar(messageOf(failure, "That didn't work. Please try again."), { tone: "error" });
      throw failure;
    }
  }

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
              <Card className="relative flex h-full items-start gap-3 p-5 transition-shadow hover:shadow-md">
                <FolderOpen aria-hidden className="mt-0.5 size-5 shrink-0 text-indigo-600" />
                <div className="min-w-0 flex-1">
                  <h2 className="text-base font-semibold text-slate-900">
                    <Link
                      href={`/wiki/${group.id}`}
                      className={cn("rounded after:absolute after:inset-0 hover:text-indigo-700", focusRing)}
                    >
                      {group.title}
                    </Link>
                  </h2>
                  {group.subtitle && <p className="mt-1 text-sm text-slate-600">{group.subtitle}</p>}
                  <p className="mt-3 flex flex-wrap items-center gap-2 text-xs font-medium text-slate-600">
                    {group.post_count === 1 ? "1 post" : `${group.post_count} posts`}
                    {group.audience === "everyone" && <Badge tone="accent">Students read it too</Badge>}
                  </p>
                </div>
                {canEdit && (
                  <div className="relative z-10">
                    <DropdownMenu
                      align="end"
                      trigger={
                        <IconButton
                          label={`Change ${group.title}`}
                          icon={<MoreVertical className="size-4" />}
                          size="sm"
                        />
                      }
                    >
                      <MenuItem icon={<Pencil />} onSelect={() => setEditing(group)}>
                        Edit
                      </MenuItem>
                      <MenuItem
                        icon={<ArrowUp />}
                        disabled={index === 0}
                        onSelect={() => void move(group, -1)}
                      >
                        Move up
                      </MenuItem>
                      <MenuItem
                        icon={<ArrowDown />}
                        disabled={index === data.length - 1}
                        onSelect={() => void move(group, 1)}
                      >
                        Move down
                      </MenuItem>
                      <MenuItem icon={<Trash2 />} destructive onSelect={() => setDeleting(group)}>
                        Delete
                      </MenuItem>
                    </DropdownMenu>
                  </div>
                )}
              </Card>
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
