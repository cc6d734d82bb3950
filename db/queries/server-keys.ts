import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { serverKeys } from "../schema";

/**
 * A key the server makes once and every instance then shares (the VAPID pair, the link-signing secret):
 * the first instance to ask writes `made`; a racing one's insert does nothing and both read the winner's.
 */
export async function serverKey(db: Db, name: string, make: () => Record<string, string>): Promise<Record<string, string>> {
  const [found] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name)).limit(1);
  if (found) return found.value;
  await db.insert(serverKeys).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name)).limit(1);
  return row!.value;
}
