import "server-only";
import type { Db } from "@/db";
import { getDb } from "@/lib/setup/boot.server";
import { anyAccountExists } from "@/db/queries/setup";
import { setupLinkIsLive } from "./first-run.server";

/**
 * For proxy.ts and the page: does /setup exist for this request? With a `token` (even an empty one) it is
 * the first-run page, only for a live one-time link. Without one it is the setup checklist, which exists
 * once the school has an account (the page itself sends signed-out users to sign in); before that, a
 * guessed /setup is a 404 like any other path.
 */
export async function setupPageIsOpen(token: string | null, db?: Db): Promise<boolean> {
  const database = db ?? (await getDb());
  if (token !== null) return setupLinkIsLive(database, token, new Date());
  return anyAccountExists(database);
}
