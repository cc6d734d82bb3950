"use client";

import { Star } from "lucide-react";
import { useState } from "react";
import { IconButton } from "@/components/ui/icon-button";
import { snackbar } from "@/components/ui/snackbar";
import { apiPost, messageOf } from "@/lib/api/client";
import { cn } from "@/lib/cn";

/**
 * Star or unstar a student or staff member (staff only): POST /api/star and /api/unstar.
 * Shown to staff viewers on other people's profiles.
 */
export function StarToggle({
  itemType,
  itemId,
  starred,
  name,
  onChanged,
}: {
  itemType: "student" | "staff";
  itemId: number;
  starred: boolean;
  name: string;
  onChanged?: (starred: boolean) => unknown;
}) {
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const isStarred = optimistic ?? starred;

  async function toggle() {
    const next = !isStarred;
    setOptimistic(next);
    setBusy(true);
    try {
      await apiPost(next ? "/api/star" : "/api/unstar", { item_type: itemType, item_id: itemId });
      await onChanged?.(next);
      if (onChanged) setOptimistic(null);
    } catch (error) {
      setOptimistic(!next);
      snackbar(messageOf(error, "That didn't work. Please try again."), { tone: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <IconButton
      label={isStarred ? `Unstar ${name}` : `Star ${name}`}
      aria-pressed={isStarred}
      disabled={busy}
      onClick={toggle}
      icon={<Star aria-hidden className={cn("size-5", isStarred && "fill-amber-400 text-amber-500")} />}
    />
  );
}
