"use client";

import { Bell, Search, Star } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { Sheet } from "@/components/ui/sheet";

/**
 * The Search, Starred and Notifications panels of the side rail. Their APIs belong to other issues;
 * until those land each panel says what it will hold (no made-up data). Replace a panel's body in place.
 */
export type RailPanel = "search" | "starred" | "notifications";

const PANELS: Record<RailPanel, { title: string; icon: React.ReactNode; text: string }> = {
  search: {
    title: "Search",
    icon: <Search />,
    text: "Search will find students, staff, courses and clusters by name. It is not available yet.",
  },
  starred: {
    title: "Starred",
    icon: <Star />,
    text: "Students, staff, courses and clusters you star will be listed here. Starring is not available yet.",
  },
  notifications: {
    title: "Notifications",
    icon: <Bell />,
    text: "Messages from other staff will arrive here, with an Inbox and a Sent tab. Notifications are not available yet.",
  },
};

export function RailPanels({ open, onClose }: { open: RailPanel | null; onClose: () => void }) {
  const panel = open ? PANELS[open] : null;
  return (
    <Sheet open={open !== null} onOpenChange={(next) => !next && onClose()} side="left" title={panel?.title ?? ""}>
      {panel && <EmptyState icon={panel.icon} title="Coming soon" description={panel.text} className="py-16" />}
    </Sheet>
  );
}
