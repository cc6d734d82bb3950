"use client";

import { Bell } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { Sheet } from "@/components/ui/sheet";
import { SearchPanel } from "./search-panel";
import { StarredPanel } from "./starred-panel";

/**
 * The Search, Starred and Notifications panels of the side rail. Notifications has no API yet, so
 * its panel says what it will hold (no made-up data); replace its body when the API lands.
 */
export type RailPanel = "search" | "starred" | "notifications";

const TITLES: Record<RailPanel, string> = {
  search: "Search",
  starred: "Starred",
  notifications: "Notifications",
};

export function RailPanels({ open, onClose }: { open: RailPanel | null; onClose: () => void }) {
  return (
    <Sheet
      open={open !== null}
      onOpenChange={(next) => !next && onClose()}
      side="left"
      title={open ? TITLES[open] : ""}
    >
      {open === "search" && <SearchPanel onNavigate={onClose} />}
      {open === "starred" && <StarredPanel onNavigate={onClose} />}
      {open === "notifications" && (
        <EmptyState
          icon={<Bell />}
          title="Coming soon"
          description="Messages from other staff will arrive here, with an Inbox and a Sent tab. Notifications are not available yet."
          className="py-16"
        />
      )}
    </Sheet>
  );
}
