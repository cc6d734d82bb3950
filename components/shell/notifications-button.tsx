"use client";

import { Bell } from "lucide-react";
import { useId } from "react";
import { CountBadge } from "@/components/ui/badge";
import { IconButton } from "@/components/ui/icon-button";
import { useInbox } from "./use-notifications";

/** The rail's Notifications button with the unread count (shown up to "9+"), polled. */
export function NotificationsButton({
  side,
  active,
  onClick,
}: {
  side: "right" | "bottom";
  active: boolean;
  onClick: () => void;
}) {
  const { unread } = useInbox();
  const countId = useId();
  return (
    <span className="relative inline-flex">
      <IconButton
        label="Notifications"
        icon={<Bell className="size-5" />}
        tooltipSide={side}
        active={active}
        aria-describedby={unread > 0 ? countId : undefined}
        onClick={onClick}
      />
      {unread > 0 && (
        <span id={countId} className="pointer-events-none absolute -top-1 -right-1">
          <span className="sr-only">{unread} unread</span>
          <span aria-hidden>
            <CountBadge count={unread} className="ring-2 ring-white" />
          </span>
        </span>
      )}
    </span>
  );
}
