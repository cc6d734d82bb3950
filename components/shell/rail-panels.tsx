"use client";

import { Sheet } from "@/components/ui/sheet";
import { NotificationsPanel } from "./notifications-panel";
import { SearchPanel } from "./search-panel";
import { StarredPanel } from "./starred-panel";

/** The Search, Starred and Notifications panels of the side rail. */
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
      {open === "notifications" && <NotificationsPanel onNavigate={onClose} />}
    </Sheet>
  );
}
