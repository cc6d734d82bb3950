import "server-only";
import type { Db } from "@/db";
import { runOn } from "@/db/queries/placement";
import { placementSettings } from "./service";

/** A student may not change their plan for the date: placement has run and the setting forbids changes after it. */
export async function changeClosed(db: Db, date: string): Promise<boolean> {
  const settings = await placementSettings(db);
  if (settings.changeAfter) return false;
  return Boolean(await runOn(db, date));
}
