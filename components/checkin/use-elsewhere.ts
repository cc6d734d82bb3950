"use client";

import useSWR from "swr";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { apiPost } from "@/lib/api/request.client";
import type { ElsewhereEntry } from "./checked-in-list";

/**
 * GET /api/check-in/elsewhere/{date}: the students the caller scanned whom someone else had checked in,
 * and moving one to the caller's list (POST /api/check-in/move) when the school allows it.
 */
export function useElsewhere(date: string | null | undefined, refreshStatus: () => void) {
  const { data, mutate } = useSWR<{ can_move: boolean; entries: ElsewhereEntry[] }>(
    date ? `/api/check-in/elsewhere/${date}` : null,
  );

  const move = useAction(async (entry: ElsewhereEntry) => {
    await apiPost("/api/check-in/move", { entry_id: entry.id });
    snackbar(`Moved ${entry.student.name} to your Checked In list.`, { tone: "success" });
    refreshStatus();
    void mutate();
  });

  return { elsewhere: data, moveHere: move.run };
}
