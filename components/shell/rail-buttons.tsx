"use client";

import { ScanLine, Search, Star } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { focusRing } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { Tooltip } from "@/components/ui/tooltip";
import { cn } from "@/lib/cn";
import { isActive } from "./nav-items";
import { NotificationsButton } from "./notifications-button";
import type { RailPanel } from "./rail-panels";

/** The rail's tools (Search, Starred, the Check-in link, Notifications): a column on a desktop, a row on a phone. */
export function RailButtons({
  side,
  panel,
  setPanel,
}: {
  side: "right" | "bottom";
  panel: RailPanel | null;
  setPanel: (panel: RailPanel) => void;
}) {
  const pathname = usePathname();
  return (
    <>
      <IconButton
        label="Search"
        icon={<Search className="size-5" />}
        tooltipSide={side}
        active={panel === "search"}
        onClick={() => setPanel("search")}
      />
      <IconButton
        label="Starred"
        icon={<Star className="size-5" />}
        tooltipSide={side}
        active={panel === "starred"}
        onClick={() => setPanel("starred")}
      />
      <Tooltip content="Check-in" side={side}>
        <Link
          href="/check-in"
          aria-label="Check-in"
          aria-current={isActive("/check-in", pathname) ? "page" : undefined}
          className={cn(
            "inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900",
            isActive("/check-in", pathname) && "bg-indigo-50 text-indigo-700",
            focusRing,
          )}
        >
          <ScanLine aria-hidden className="size-5" />
        </Link>
      </Tooltip>
      <NotificationsButton
        side={side}
        active={panel === "notifications"}
        onClick={() => setPanel("notifications")}
      />
    </>
  );
}
