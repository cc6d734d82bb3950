import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { uploadParts, uploads } from "../schema";

export type UploadRow = typeof uploads.$inferSelect;

/** A part of an upload kept in parts (db/schema/social.ts uploadParts). */
export const UPLOAD_PART_BYTES = 1024 * 1024;

export async function newestUpload(db: Db, kind: UploadRow["kind"]): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.kind, kind)).orderBy(desc(uploads.id)).limit(1);
  return row;
}

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}

/**
 * Stores a large file a part (1 MB) per statement, so no one step encodes the whole file for the driver
 * on the event loop; `uploads.data` stays empty and `size` is the whole file's. The caller's transaction
 * holds them together.
 */
export async function insertUploadInParts(
  db: Db,
  values: Omit<typeof uploads.$inferInsert, "data" | "size">,
  bytes: Uint8Array,
): Promise<Pick<UploadRow, "id" | "size">> {
  const [row] = await db
    .insert(uploads)
    .values({ ...values, size: bytes.length, data: Buffer.alloc(0) })
    .returning({ id: uploads.id, size: uploads.size });
  for (let part = 0; part * UPLOAD_PART_BYTES < bytes.length; part++) {
    const slice = bytes.subarray(part * UPLOAD_PART_BYTES, (part + 1) * UPLOAD_PART_BYTES);
    await db.insert(uploadParts).values({ upload_id: row!.id, part, data: Buffer.from(slice) });
  }
  return row!;
}

/**
 * An upload kept in parts, read a part per statement into shared memory (a worker thread reads it
 * without another copy, lib/worker-channel.ts handOver). Undefined when the upload or its parts are gone.
 */
export async function readUploadInParts(db: Db, id: number): Promise<Uint8Array | undefined> {
  const [upload] = await db.select({ size: uploads.size }).from(uploads).where(eq(uploads.id, id)).limit(1);
  if (!upload) return undefined;
  const bytes = new Uint8Array(new SharedArrayBuffer(upload.size));
  let offset = 0;
  for (let part = 0; offset < upload.size; part++) {
    const [row] = await db
      .select({ data: uploadParts.data })
      .from(uploadParts)
      .where(and(eq(uploadParts.upload_id, id), eq(uploadParts.part, part)));
    if (!row || offset + row.data.length > upload.size) return undefined;
    bytes.set(row.data, offset);
    offset += row.data.length;
  }
  return bytes;
}

/** The parts' bytes go once the import that read them has ended; the upload row stays for its history. */
export async function dropUploadParts(db: Db, id: number, processedAt: Date): Promise<void> {
  await db.delete(uploadParts).where(eq(uploadParts.upload_id, id));
  await db.update(uploads).set({ status: "processed", processed_at: processedAt }).where(eq(uploads.id, id));
}

export async function uploadById(db: Db, kind: UploadRow["kind"], id: number): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.kind, kind), eq(uploads.id, id)))
    .limit(1);
  return row;
}
