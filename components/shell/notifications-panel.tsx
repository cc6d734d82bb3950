"use client";

import { PenSquare } from "lucide-react";
import { useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useAuth } from "@/components/auth/use-auth";
import { Button } from "@/components/ui/button";
import { Tabs } from "@/components/ui/tabs";
import { NotificationCompose } from "./notification-compose";
import { NotificationEntryView } from "./notification-entry";
import { NotificationList as List } from "./notification-list";
import { PanelNoticeBar } from "./panel-notice";
import { useNotificationActions } from "./use-notification-actions";
import { ARCHIVED_KEY, OUTBOX_KEY, useInbox, type NotificationEntry } from "./use-notifications";

/** Inbox, Archived and Sent tabs, a compose form, and the read / unread / archive / unarchive actions (spec §2, §4). */
// eslint-disable-next-line max-lines-per-function -- the panel's inbox, archived, sent and compose views switch in one place
export function NotificationsPanel({ onNavigate }: { onNavigate?: () => void } = {}) {
  const { user } = useAuth();
  const canWrite = user?.role === "teacher" || user?.role === "admin";
  // Sysadmins cannot send, but they read and archive the system messages they get (their CSV imports).
  const canManage = canWrite || user?.role === "sysadmin";
  const { mutate: mutateKey } = useSWRConfig();
  const inbox = useInbox();
  const [tab, setTab] = useState("inbox");
  const outbox = useSWR<NotificationEntry[]>(tab === "sent" ? OUTBOX_KEY : null);
  const archivedList = useSWR<NotificationEntry[]>(tab === "archived" ? ARCHIVED_KEY : null);
  const [composing, setComposing] = useState(false);
  const { openId, toggle, notice, setNotice, open, archive, undo, archiveAll, markUnread } = useNotificationActions({
    canManage,
    reload: () => Promise.all([inbox.mutate(), archivedList.mutate()]),
  });

  const inboxTab = (
    <>
      {canManage && (inbox.data?.length ?? 0) > 0 && (
        <div className="flex justify-end px-4 pb-2">
          <Button size="sm" variant="ghost" onClick={() => void archiveAll()}>
            Archive all
          </Button>
        </div>
      )}
      <List
        data={inbox.data}
        error={inbox.error}
        isLoading={inbox.isLoading}
        label="Inbox messages"
        render={(entry) => (
          <NotificationEntryView
            key={entry.notification.id}
            entry={entry}
            open={openId === entry.notification.id}
            onOpen={() => void open(entry)}
            onNavigate={onNavigate}
            onMarkUnread={canManage ? () => void markUnread(entry.notification.id) : undefined}
            onArchive={canManage ? () => void archive(entry.notification.id) : undefined}
          />
        )}
      />
    </>
  );

  return (
    <div className="flex flex-col">
      {canWrite &&
        (composing ? (
          <NotificationCompose
            onCancel={() => setComposing(false)}
            onSent={() => {
              setComposing(false);
              setTab("sent");
              setNotice({ text: "Message sent." });
              void mutateKey(OUTBOX_KEY);
            }}
          />
        ) : (
          <div className="flex justify-end px-4 pt-3">
            <Button size="sm" variant="secondary" onClick={() => setComposing(true)}>
              <PenSquare aria-hidden className="size-4" />
              New message
            </Button>
          </div>
        ))}
      <PanelNoticeBar notice={notice} onUndo={(id) => void undo(id)} />
      <Tabs
        label="Notifications"
        value={tab}
        onValueChange={setTab}
        className="pt-2"
        items={[
          { value: "inbox", label: inbox.unread > 0 ? `Inbox (${inbox.unread})` : "Inbox", content: inboxTab },
          {
            value: "archived",
            label: "Archived",
            content: (
              <List
                data={archivedList.data}
                error={archivedList.error}
                isLoading={archivedList.isLoading}
                label="Archived messages"
                render={(entry) => (
                  <NotificationEntryView
                    key={entry.notification.id}
                    entry={entry}
                    open={openId === entry.notification.id}
                    onOpen={() => toggle(entry.notification.id)}
                    onNavigate={onNavigate}
                    onUnarchive={canManage ? () => void undo(entry.notification.id) : undefined}
                  />
                )}
              />
            ),
          },
          {
            value: "sent",
            label: "Sent",
            content: (
              <List
                data={outbox.data}
                error={outbox.error}
                isLoading={outbox.isLoading}
                label="Sent messages"
                render={(entry) => <NotificationEntryView key={entry.notification.id} entry={entry} open />}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
