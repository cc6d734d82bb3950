/**
 * The words of a kiosk alert (lib/kiosk/alert.server.ts) and the link it carries, which the check-in
 * screen also uses to pick these messages out of the teacher's inbox and show them as a banner.
 */
export const KIOSK_ALERT_LINK = "/check-in";

/** rate: numbers came faster than a line of students enters them; misses: many unknown numbers. */
export type KioskAlertReason = "rate" | "misses";

const WHAT_TO_DO =
  "If no line of students was at the kiosk, check your Checked In list for students who are not in the room.";

export function kioskAlertText(label: string, reason: KioskAlertReason, time: string): string {
  return reason === "rate"
    ? `Kiosk “${label}”: student numbers came in faster than students can enter them (${time}), so the kiosk is slowing down. ${WHAT_TO_DO}`
    : `Kiosk “${label}”: many unknown student numbers were entered (${time}), so the kiosk is slowing down unknown numbers. ${WHAT_TO_DO}`;
}
