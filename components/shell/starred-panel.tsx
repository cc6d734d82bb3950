"use client";

import { Star } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import useSWR from "swr";
import { focusRing } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { IconButton } from "@/components/ui/icon-button";
import { snackbar } from "@/components/ui/snackbar";
import { Spinner } from "@/components/ui/spinner";
import { apiPost, messageOf } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { GROUP_TITLES, itemHref, type ItemType } from "./panel-links";

interface StarredItem {
  id: number;
  item_type: ItemType;
  item_id: number;
  label: string;
  isStarred: boolean;
  short_name?: string | null;
}

const ORDER: ItemType[] = ["student", "staff", "course", "cluster"];

/** The caller's starred items grouped by type, each with a star toggle (GET /api/starred). */
export function StarredPanel({ onNavigate }: { onNavigate: () => void }) {
  const { data, error, isLoading } = useSWR<StarredItem[]>("/api/starred");
  // Items unstarred here stay listed (with an empty star) until the panel is opened again.
  const [off, setOff] = useState<Set<string>>(new Set());
  const keyOf = (item: StarredItem) => `${item.item_type}:${item.item_id}`;

  async function toggle(item: StarredItem) {
    const starred = !off.has(keyOf(item));
    const flip = () =>
      setOff((current) => {
        const next = new Set(current);
        if (next.has(keyOf(item))) next.delete(keyOf(item));
        else next.add(keyOf(item));
        return next;
      });
    flip();
    try {
      await apiPost(starred ? "/api/unstar" : "/api/star", {
        item_type: item.item_type,
        item_id: item.item_id,
      });
    } catch (failure) {
      flip();
      snackbar(messageOf(failure, "That didn't work. Please try again."), { tone: "error" });
    }
  }

  if (isLoading)
    return <Spinner label="Loading starred items" className="flex justify-center py-10 text-indigo-600" />;
  if (error)
    return (
      <p role="alert" className="p-5 text-sm text-red-700">
        {messageOf(error)}
      </p>
    );
  if (!data || data.length === 0)
    return <EmptyState icon={<Star />} title="Your Starred list is empty" className="py-16" />;

  return (
    <div className="px-2 py-2">
      {ORDER.map((type) => {
        const items = data.filter((item) => item.item_type === type);
        if (items.length === 0) return null;
        return (
          <section key={type} aria-label={GROUP_TITLES[type]} className="mb-2">
            <h3 className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {GROUP_TITLES[type]}
            </h3>
            <ul>
              {items.map((item) => {
                const on = !off.has(keyOf(item));
                return (
                  <li key={item.id} className="flex items-center gap-1 rounded-md hover:bg-slate-50">
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
                      size="sm"
                      noTooltip
                      icon={
                        <Star
                          className={cn("size-4", on ? "fill-amber-400 text-amber-500" : "text-slate-400")}
                        />
                      }
                      onClick={() => void toggle(item)}
                    />
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
