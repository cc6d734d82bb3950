"use client";

import { useEffect, useState } from "react";
import { useAction } from "@/components/ui/use-action";
import { apiPut } from "@/lib/api/request.client";
import type { NotificationEntry } from "./use-notifications";

/** A line said inside the panel ("Archived 1 message."), with Undo when `undo` names the message. */
export interface PanelNotice {
  text: string;
  undo?: number;
}

/**
 * The panel's message actions (read when opened, unread, archive with Undo, archive all), each a PUT
 * that reloads the inbox and archive, and the notice that tells what was done for 8 seconds.
 */
export function useNotificationActions(options: {
  canManage: boolean;
  reload: () => Promise<unknown>;
}) {
  const { canManage, reload } = options;
  const [openId, setOpenId] = useState<number | null>(null);
  // Archive notices live inside the panel: the modal sheet keeps pointer events off the snackbars.
  const [notice, setNotice] = useState<PanelNotice | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 8000);
    return () => clearTimeout(timer);
  }, [notice]);

  const put = useAction(async (path: string) => {
    try {
      await apiPut(path);
      return true;
    } finally {
      await reload();
    }
  });
  const act = async (path: string) => (await put.run(path)) ?? false;

  const toggle = (id: number) => setOpenId((current) => (current === id ? null : id));

  async function open(entry: NotificationEntry) {
    const id = entry.notification.id;
    toggle(id);
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

  const markUnread = (id: number) => act(`/api/notifications/unread/${id}`);

  return { openId, toggle, notice, setNotice, open, archive, undo, archiveAll, markUnread };
}
