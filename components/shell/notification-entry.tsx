"use client";

import { Archive, ArchiveRestore, Mail } from "lucide-react";
import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { focusRing } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { cn } from "@/lib/cn";
import type { NotificationEntry } from "./use-notifications";

/**
 * One message: sender avatar and name, body, date and time with the approximate time. Unread ones
 * are bold with a dot. Inbox entries open on click (which marks them read) and offer Mark Unread
 * and Archive; sent ones list their recipients.
 */
// eslint-disable-next-line max-lines-per-function -- one entry: its body, link and per-message actions
export function NotificationEntryView({
  entry,
  open,
  onOpen,
  onMarkUnread,
  onArchive,
  onUnarchive,
  onNavigate,
}: {
  entry: NotificationEntry;
  open: boolean;
  onOpen?: () => void;
  /** Following the message's link (closes the panel). */
  onNavigate?: () => void;
  onMarkUnread?: () => void;
  onArchive?: () => void;
  /** In the Archived view: back to the inbox. */
  onUnarchive?: () => void;
}) {
  const { notification: n, read } = entry;
  const unread = !read;
  const recipients = n.recipients?.map((r) => r.name).join("; ");
  const actions = Boolean(onMarkUnread || onArchive || onUnarchive);
  const summary = (
    <>
      <Avatar initials={n.sender.initials} color={n.sender.color} size="sm" className="mt-0.5" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn("truncate text-sm text-slate-900", unread ? "font-semibold" : "font-medium")}>
            {recipients ? `To: ${recipients}` : n.sender.name}
          </span>
          <span className="shrink-0 text-xs text-slate-600">{n.approximateTime}</span>
        </span>
        <span
          className={cn(
            "mt-0.5 block text-sm break-words whitespace-pre-line",
            unread ? "text-slate-900" : "text-slate-700",
            !open && "line-clamp-2",
          )}
        >
          {n.body}
        </span>
        <span className={cn("mt-1 block text-xs text-slate-600", actions && "pr-16")}>
          {n.date} · {n.time}
        </span>
      </span>
    </>
  );
  return (
    <li className={cn("relative rounded-lg", unread ? "bg-indigo-50/70" : "hover:bg-slate-50")}>
      {unread && (
        <span aria-hidden className="absolute top-4 left-1 size-2 rounded-full bg-indigo-600" />
      )}
      {onOpen ? (
        <button
          type="button"
          aria-expanded={open}
          onClick={onOpen}
          className={cn("flex w-full items-start gap-3 rounded-lg py-3 pr-3 pl-4 text-left", focusRing)}
        >
          {unread && <span className="sr-only">Unread: </span>}
          {summary}
        </button>
      ) : (
        <div className="flex items-start gap-3 py-3 pr-3 pl-4">{summary}</div>
      )}
      {n.link?.startsWith("/") && (
        <div className={cn("-mt-2 pb-3 pl-15", actions && "pb-4")}>
          <Link
            href={n.link}
            onClick={onNavigate}
            className={cn("rounded text-sm font-medium text-indigo-700 hover:underline", focusRing)}
          >
            Open report
          </Link>
        </div>
      )}
      {actions && (
        <div className="absolute right-2 bottom-1.5 flex gap-0.5">
          {onMarkUnread && read && (
            <IconButton label="Mark Unread" size="sm" icon={<Mail className="size-4" />} onClick={onMarkUnread} />
          )}
          {onArchive && (
            <IconButton label="Archive" size="sm" icon={<Archive className="size-4" />} onClick={onArchive} />
          )}
          {onUnarchive && (
            <IconButton
              label="Unarchive"
              size="sm"
              icon={<ArchiveRestore className="size-4" />}
              onClick={onUnarchive}
            />
          )}
        </div>
      )}
    </li>
  );
}

