import "server-only";
import type { Db } from "@/db";
import { placementSettingValues } from "@/db/queries/placement";
import { readCutoff, type Cutoff } from "./placement-cutoff";

/** The placement settings, as default placement (lib/placement) and a student's plan change (lib/schedule) read them. */
export interface PlacementSettings {
  cutoff: Cutoff;
  /** Students may change their teacher after placement until the block starts. */
  changeAfter: boolean;
}

export async function placementSettings(db: Db): Promise<PlacementSettings> {
  const rows = await placementSettingValues(db);
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return {
    cutoff: readCutoff(byKey.get("placement_cutoff") ?? ""),
    changeAfter: (byKey.get("placement_change_after") ?? "true") !== "false",
  };
}
