"use client";

import { PageHeader } from "@/components/ui/page-header";
import { NotificationSettings } from "./notification-settings";

/** /notifications, from the account menu: the Notifications panel on a page of its own. */
export function NotificationsScreen() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Notifications"
        description="Reminders, changes to your Focus Block and the morning list: by email, and as notifications on your devices."
      />
      <NotificationSettings title="What reaches you, and where" className="mt-0" />
    </div>
  );
}
