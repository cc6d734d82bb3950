"use client";

import { Star } from "lucide-react";
import { useCallback, useState } from "react";
import { useSWRConfig } from "swr";
import { IconButton } from "@/components/ui/icon-button";
import { useAction } from "@/components/ui/use-action";
import { apiPost } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";

export type StarItemType = "student" | "staff" | "course" | "cluster";

/**
 * The API answers that show whether something is starred: the Starred list, student and staff
 * profiles, course pages and cluster pages. One star change refreshes all of them, so a star shown
 * in two places (the Starred panel over an open profile) never disagrees.
 */
export const isStarKey = (key: unknown): boolean =>
  typeof key === "string" &&
  /^\/api\/(starred$|staff\/profile\/|students\/profile\/|courses\/[^/]+$|clusters\/\d+$)/.test(key);

/** Star or unstar an item (POST /api/star or /api/unstar), then refresh every star view. */
export function useSetStar() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (item: { item_type: StarItemType; item_id: number }, starred: boolean) => {
      await apiPost(starred ? "/api/star" : "/api/unstar", item);
      await mutate(isStarKey);
    },
    [mutate],
  );
}

/**
 * Star or unstar a student, staff member, course or cluster (staff only): POST /api/star and /api/unstar.
 * Shown to staff viewers on other people's profiles and on course and cluster pages.
 */
export function StarToggle({
  itemType,
  itemId,
  starred,
  name,
  onChanged,
}: {
  itemType: StarItemType;
  itemId: number;
  /** From the page's own answer, which every star change refreshes. */
  starred: boolean;
  name: string;
  onChanged?: (starred: boolean) => unknown;
}) {
  const setStar = useSetStar();
  // Shown only while a change is under way; afterwards the refreshed answer speaks.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const isStarred = optimistic ?? starred;
  const change = useAction(async (next: boolean) => {
    await setStar({ item_type: itemType, item_id: itemId }, next);
    await onChanged?.(next);
  });

  async function toggle() {
    if (optimistic !== null) return; // one change at a time
    const next = !isStarred;
    setOptimistic(next);
    await change.run(next);
    setOptimistic(null);
  }

  return (
    <IconButton
      label={isStarred ? `Unstar ${name}` : `Star ${name}`}
      aria-pressed={isStarred}
      // Not `disabled`: a focused button that is disabled drops keyboard focus to the page.
      aria-busy={optimistic !== null || undefined}
      onClick={toggle}
      icon={<Star aria-hidden className={cn("size-5", isStarred && "fill-amber-400 text-amber-500")} />}
    />
  );
}
