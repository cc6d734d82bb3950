/** @jest-environment node */
import { GET as statusRoute } from "@/app/api/check-in/status/[date]/route";
import { useTestDb } from "../helpers/db";
import { createStaff, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";
import { setSchoolYear } from "../helpers/schedule-factories";
import { createBlock, createFocusBlock, SAT, TUE } from "../helpers/timetable-factories";

/**
 * An empty school (go-live trial): with no Focus Block anywhere in the timetable the check-in status
 * says so (`focus_block_scheduled` false), so the screen stops offering "Go to" days that have none
 * either and links the bell schedule; once a Focus Block meets, it is true on every date, even one
 * without a block. Still one statement besides the session.
 */
const state = useTestDb();

it("says whether a Focus Block meets on any day at all, in the same one statement", async () => {
  await setSchoolYear(state.db, 60, 60);
  const token = await tokenFor(state.db, await createStaff(state.db));
  const status = async (date: string) => {
    const res = await call(statusRoute, { token, path: `/api/check-in/status/${date}`, params: { date } });
    expect(res.status).toBe(200);
    return res.body as { blocks: unknown[]; focus_block_scheduled: boolean; next: string };
  };
  expect(await status(TUE)).toMatchObject({ blocks: [], focus_block_scheduled: false });
  // A course block is not a Focus Block.
  await createBlock(state.db, { label: "Block 1", meetings: [2, 3].map((day) => ({ day, start: "08:30", end: "09:20" })) });
  expect(await status(TUE)).toMatchObject({ blocks: [], focus_block_scheduled: false });
  const { statements } = await statementsOf(token, () => status(TUE));
  await createFocusBlock(state.db, { days: [2] });
  expect((await status(TUE)).blocks).toHaveLength(1);
  expect(await status(SAT)).toMatchObject({ blocks: [], focus_block_scheduled: true });
  expect((await statementsOf(token, () => status(SAT))).statements).toBe(statements);
});
