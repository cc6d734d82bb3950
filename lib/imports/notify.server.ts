import "server-only";
import type { Db } from "@/db";
import type { ImportRow } from "@/db/queries/imports";
import { insertSystemNotification, recipientOfUser } from "@/db/queries/notifications";

export const reportPath = (importId: number) => `/imports/${importId}`;

/** Tells the uploader (a staff member or a sysadmin) that their file was processed, linking to the report. */
export async function notifyUploader(db: Db, row: ImportRow, body: string) {
  if (!row.uploaded_by) return;
  const recipient = await recipientOfUser(db, row.uploaded_by);
  if (!recipient) return;
  await insertSystemNotification(
    db,
    { body, link: reportPath(row.id), initials: "FB", color: "indigo" },
    recipient,
  );
}
