import { openDatabase } from "../db/client";
import { flexBlockMeetings, checkInsRecordedBy, plansWithStaff } from "../db/queries/checkin";
import { schoolCalendarSettings } from "../lib/settings/service";
import { staff } from "../db/schema";
import { eq } from "drizzle-orm";
async function main() {
  const h = await openDatabase({ url: process.argv[2], migrate: false });
  const db = h.db;
  const [t] = await db.select().from(staff).where(eq(staff.email, "teacher@demo.school"));
  const meetings = await flexBlockMeetings(db);
  const blockId = meetings[0]!.block_id;
  const date = process.argv[3]!;
  const time = async (name: string, fn: () => Promise<unknown>) => {
    const xs: number[] = [];
    for (let i = 0; i < 50; i++) { const s = performance.now(); await fn(); xs.push(performance.now() - s); }
    xs.sort((a, b) => a - b); console.log(name, xs[25]!.toFixed(2), "ms");
  };
  await time("settings", () => schoolCalendarSettings(db));
  await time("meetings", () => flexBlockMeetings(db));
  await time("own", () => checkInsRecordedBy(db, { staff_id: t!.id }, blockId, date));
  await time("plans", () => plansWithStaff(db, t!.id, blockId, date));
  await time("select 1", () => db.execute("select 1" as never));
  await h.close();
}
main();
