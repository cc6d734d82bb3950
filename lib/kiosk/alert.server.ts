import "server-only";
import type { Db } from "@/db";
import { insertSystemNotification } from "@/db/queries/notifications";
import { tryBucketPlace } from "@/lib/auth/throttle.server";
import { instantClockLabel } from "@/lib/core/time";
import { KIOSK_ALERT_LINK, kioskAlertText, type KioskAlertReason } from "./alert-text";

/**
 * At most one alert per kiosk every 10 minutes: a script keeps hitting the limit for as long as it runs,
 * and one message says all the teacher needs. The pause is a throttle row, so every instance shares it.
 */
export const KIOSK_ALERT_PAUSE_SECONDS = 600;

/**
 * Tells the kiosk's teacher in the app (their inbox, and a banner on their check-in screen) that the
 * kiosk hit one of its limits: a line of students never does, so someone may be checking in students
 * who are not in the room. The pause and the message are one transaction: a message that could not be
 * written does not silence the next one.
 */
export async function alertKioskTeacher(
  db: Db,
  kiosk: { id: number; label: string; staff_id: number },
  reason: KioskAlertReason,
  timezone: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const pause = { key: `kiosk:alert:${kiosk.id}`, capacity: 1, drainSeconds: KIOSK_ALERT_PAUSE_SECONDS };
    if (!(await tryBucketPlace(tx, pause, now))) return false;
    await insertSystemNotification(
      tx,
      { body: kioskAlertText(kiosk.label, reason, instantClockLabel(now, timezone)), link: KIOSK_ALERT_LINK, initials: "FB", color: "indigo" },
      { staff_id: kiosk.staff_id },
    );
    return true;
  });
}
