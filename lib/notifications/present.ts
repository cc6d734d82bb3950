import { TZDate } from "@date-fns/tz";
import { format, formatDistance } from "date-fns";
import type { NotificationRow } from "@/db/queries/notifications";
import type { StaffRefRow } from "@/db/queries/staff-ref";
import { staffName } from "@/lib/people/names";
import type { NotificationView } from "./answers";

export type { NotificationView };

/**
 * A notification as the panel shows it: date "Friday, Mar 20, 2020", time "2:03 PM" in the school's
 * zone, an approximate time ("5 minutes ago") and the sender with the avatar snapshot taken at send.
 */
export function presentNotification(row: NotificationRow, sender: StaffRefRow | null, timezone: string, now: Date): NotificationView {
  const local = new TZDate(row.created_at, timezone);
  return {
    id: row.id,
    body: row.body,
    // An app path to open (an import report), only on messages that point somewhere.
    ...(row.link ? { link: row.link } : {}),
    date: format(local, "EEEE, MMM d, yyyy"),
    time: format(local, "h:mm a"),
    approximateTime: formatDistance(row.created_at, now, { addSuffix: true }),
    sender: {
      id: sender?.id ?? row.sender_id,
      name: sender ? staffName(sender) : "Flexblock",
      initials: row.initials,
      color: row.color,
    },
  };
}
