"use client";

import { Star } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import useSWR from "swr";
import { useSetStar } from "@/components/profile/star-toggle";
import { focusRing } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { IconButton } from "@/components/ui/icon-button";
import { Spinner } from "@/components/ui/spinner";
import { useAction } from "@/components/ui/use-action";
import { messageOf } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";
import type { StarredItem } from "@/lib/starred/answers";
import { GROUP_TITLES, itemHref, type ItemType } from "./panel-links";

export type { StarredItem };

const ORDER: ItemType[] = ["student", "staff", "course", "cluster"];
const keyOf = (item: Pick<StarredItem, "item_type" | "item_id">) => `${item.item_type}:${item.item_id}`;

/**
 * The rows the panel lists: everything starred now, plus what was unstarred while the panel is
 * open (so it can be starred again), by type and then in the list's order.
 */
export function starredRows(current: StarredItem[], unstarred: StarredItem[]) {
  const starred = new Set(current.map(keyOf));
  const rows = [...current, ...unstarred.filter((item) => !starred.has(keyOf(item)))];
  return ORDER.map((type) => ({
    type,
    items: rows
      .filter((item) => item.item_type === type)
      .map((item) => ({ item, starred: starred.has(keyOf(item)) })),
  })).filter((group) => group.items.length > 0);
}

/**
 * The caller's starred items grouped by type, each with a star toggle (GET /api/starred). Whether
 * an item is starred comes from GET /api/starred alone, which every star change refreshes together
 * with the profiles and pages that show a star.
 */
export function StarredPanel({ onNavigate }: { onNavigate: () => void }) {
  const { data, error, isLoading } = useSWR<StarredItem[]>("/api/starred");
  const setStar = useSetStar();
  const [unstarred, setUnstarred] = useState<StarredItem[]>([]);
  // The change under way: which item, and whether it is being starred (its star shows where it is going).
  const [busy, setBusy] = useState<{ key: string; to: boolean } | null>(null);
  const change = useAction(async (item: StarredItem, starred: boolean) => {
    if (starred) setUnstarred((list) => [...list.filter((i) => keyOf(i) !== keyOf(item)), item]);
    await setStar({ item_type: item.item_type, item_id: item.item_id }, !starred);
  });

  async function toggle(item: StarredItem, starred: boolean) {
    if (busy) return;
    setBusy({ key: keyOf(item), to: !starred });
    await change.run(item, starred);
    setBusy(null);
  }

  if (isLoading)
    return <Spinner label="Loading starred items" className="flex justify-center py-10 text-indigo-600" />;
  if (error)
    return (
      <p role="alert" className="p-5 text-sm text-red-700">
        {messageOf(error)}
      </p>
    );
  const groups = starredRows(data ?? [], unstarred);
  if (groups.length === 0)
    return <EmptyState icon={<Star />} title="Your Starred list is empty" className="py-16" />;

  return (
    <div className="px-2 py-2">
      {groups.map(({ type, items }) => (
        <section key={type} aria-label={GROUP_TITLES[type]} className="mb-2">
          <h3 className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {GROUP_TITLES[type]}
          </h3>
          <ul>
            {items.map(({ item, starred }) => {
              const pending = busy?.key === keyOf(item);
              // While the change is under way, show where it is going.
              const on = pending ? busy.to : starred;
              return (
                <li key={keyOf(item)} className="flex items-center gap-1 rounded-md hover:bg-slate-50">
                  <Link
                    href={itemHref(item.item_type, item.item_id, item.short_name)}
                    onClick={onNavigate}
                    className={cn(
                      "min-w-0 flex-1 truncate rounded-md px-3 py-2 text-sm text-slate-800",
                      focusRing,
                    )}
                  >
                    {item.label}
                  </Link>
                  <IconButton
                    label={on ? `Unstar ${item.label}` : `Star ${item.label}`}
                    aria-pressed={on}
                    aria-busy={pending || undefined}
                    size="sm"
                    noTooltip
                    icon={
                      <Star
                        className={cn("size-4", on ? "fill-amber-400 text-amber-500" : "text-slate-400")}
                      />
                    }
                    onClick={() => void toggle(item, starred)}
                  />
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
