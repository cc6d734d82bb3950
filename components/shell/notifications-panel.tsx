"use client";

import { Bell, PenSquare } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useAuth } from "@/components/auth/use-auth";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { snackbar } from "@/components/ui/snackbar";
import { Spinner } from "@/components/ui/spinner";
import { Tabs } from "@/components/ui/tabs";
import { apiPut, messageOf } from "@/lib/api/client";
import { NotificationCompose } from "./notification-compose";
import { NotificationEntryView } from "./notification-entry";
import { ARCHIVED_KEY, OUTBOX_KEY, useInbox, type NotificationEntry } from "./use-notifications";

const FAILED = "That didn't work. Please try again.";

function List({
  data,
  error,
  isLoading,
  label,
  render,
}: {
  data: NotificationEntry[] | undefined;
  error: unknown;
  isLoading: boolean;
  label: string;
  render: (entry: NotificationEntry) => ReactNode;
}) {
  if (isLoading && !data) return <Spinner label={`Loading ${label}`} className="flex justify-center py-10 text-indigo-600" />;
  if (error && !data)
    return (
      <p role="alert" className="p-5 text-sm text-red-700">
        {messageOf(error)}
      </p>
    );
  if (!data || data.length === 0) return <EmptyState icon={<Bell />} title="Nothing to show" className="py-12" />;
  return (
    <ul aria-label={label} className="flex flex-col gap-1 px-2 pb-4">
      {data.map(render)}
    </ul>
  );
}

/** Inbox, Archived and Sent tabs, a compose form, and the read / unread / archive / unarchive actions (spec §2, §4). */
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
  const [openId, setOpenId] = useState<number | null>(null);
  const [composing, setComposing] = useState(false);
  // Archive notices live inside the panel: the modal sheet keeps pointer events off the snackbars.
  const [notice, setNotice] = useState<{ text: string; undo?: number } | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 8000);
    return () => clearTimeout(timer);
  }, [notice]);

  async function act(path: string) {
    try {
      await apiPut(path);
      return true;
    } catch (failure) {
      snackbar(messageOf(failure, FAILED), { tone: "error" });
      return false;
    } finally {
      await Promise.all([inbox.mutate(), archivedList.mutate()]);
    }
  }

  async function open(entry: NotificationEntry) {
    const id = entry.notification.id;
    setOpenId((current) => (current === id ? null : id));
    if (!entry.read && canManage) await act(`/api/notifications/read/${id}`);
  }

  async function archive(id: number) {
    if (await act(`/api/notifications/archive/${id}`)) setNotice({ text: "Archived 1 message.", undo: id });
  }

  async function undo(id: number) {
    setNotice(null);
    if (await act(`/api/notifications/unarchive/${id}`)) setNotice({ text: "Unarchived 1 message." });
  }

  async function archiveAll() {
    if (await act("/api/notifications/archive/all")) setNotice({ text: "Archived all messages." });
  }

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
            onMarkUnread={canManage ? () => void act(`/api/notifications/unread/${entry.notification.id}`) : undefined}
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
      <div role="status" className="px-2 pt-2">
        {notice && (
          <div className="mb-2 flex items-center justify-between gap-3 rounded-lg bg-slate-900 px-4 py-2 text-sm text-white">
            {notice.text}
            {notice.undo !== undefined && (
              <Button size="sm" variant="secondary" onClick={() => void undo(notice.undo!)}>
                Undo
              </Button>
            )}
          </div>
        )}
      </div>
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
                    onOpen={() => setOpenId((current) => (current === entry.notification.id ? null : entry.notification.id))}
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
