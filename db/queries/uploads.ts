import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { uploads } from "../schema";

export type UploadRow = typeof uploads.$inferSelect;

export async function newestUpload(db: Db, kind: UploadRow["kind"]): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.kind, kind)).orderBy(desc(uploads.id)).limit(1);
  return row;
}

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}

export async function uploadById(db: Db, kind: UploadRow["kind"], id: number): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.kind, kind), eq(uploads.id, id)))
    .limit(1);
  return row;
}
