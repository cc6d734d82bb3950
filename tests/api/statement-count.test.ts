/** @jest-environment node */
import { eq } from "drizzle-orm";
import { GET as staffRoute } from "@/app/api/staff/route";
import { queryCounter } from "@/db/client";
import { sessions } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createStaff, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";

/**
 * The statement counts the other API tests compare (1 row against 100) must not depend on when the
 * session was last touched: the once-a-minute touch would add one statement to whichever request
 * falls due.
 */
const state = useTestDb();

describe("statementsOf", () => {
  let userId = 0;
  let token = "";
  /** Makes the session look last used two minutes ago, so its touch is due. */
  const ageSession = () =>
    state.db
      .update(sessions)
      .set({ last_used_at: new Date(Date.now() - 2 * 60 * 1000) })
      .where(eq(sessions.user_id, userId));
  const staffList = () => call(staffRoute, { token });

  beforeAll(async () => {
    const teacher = await createStaff(state.db);
    userId = teacher.user.id;
    token = await tokenFor(state.db, teacher);
    await staffList(); // modules and prepared statements
  });

  it("counts a request the same whether or not the session's touch is due", async () => {
    const fresh = await statementsOf(token, staffList);
    expect(fresh.result.status).toBe(200);
    await ageSession();
    const due = await statementsOf(token, staffList);
    expect(due.statements).toBe(fresh.statements);
  });

  it("is needed: counted bare, a request whose touch is due runs one statement more", async () => {
    const { statements } = await statementsOf(token, staffList);
    await ageSession();
    const before = queryCounter.count;
    await staffList();
    expect(queryCounter.count - before).toBe(statements + 1);
  });
});
