import "server-only";
import { getDb } from "@/lib/setup/boot";
import { setupLinkIsLive } from "./first-run";

/** For proxy.ts: is this a live first-run setup link? */
export async function setupLinkIsOpen(token: string | null): Promise<boolean> {
  if (!token) return false;
  return setupLinkIsLive(await getDb(), token, new Date());
}
