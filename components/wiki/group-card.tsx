import { ArrowDown, ArrowUp, FolderOpen, MoreVertical, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { focusRing } from "@/components/ui/button";
import { DropdownMenu, MenuItem } from "@/components/ui/dropdown-menu";
import { IconButton } from "@/components/ui/icon-button";
import { cn } from "@/lib/cn";
import { Card, type WikiGroup } from "./wiki-parts";

/**
 * A wiki group on /wiki: its title (the link), subtitle, post count and audience; administrators get a
 * menu to edit, move up or down, and delete it.
 */
export function GroupCard({
  group,
  canEdit,
  first,
  last,
  onEdit,
  onMove,
  onDelete,
}: {
  group: WikiGroup;
  canEdit: boolean;
  first: boolean;
  last: boolean;
  onEdit: () => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
}) {
  return (
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
            trigger={<IconButton label={`Change ${group.title}`} icon={<MoreVertical className="size-4" />} size="sm" />}
          >
            <MenuItem icon={<Pencil />} onSelect={onEdit}>
              Edit
            </MenuItem>
            <MenuItem icon={<ArrowUp />} disabled={first} onSelect={() => onMove(-1)}>
              Move up
            </MenuItem>
            <MenuItem icon={<ArrowDown />} disabled={last} onSelect={() => onMove(1)}>
              Move down
            </MenuItem>
            <MenuItem icon={<Trash2 />} destructive onSelect={onDelete}>
              Delete
            </MenuItem>
          </DropdownMenu>
        </div>
      )}
    </Card>
  );
}
