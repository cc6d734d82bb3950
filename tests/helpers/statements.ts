import { GET as currentUser } from "@/app/api/user/route";
import { queryCounter } from "@/db/client";
import { call } from "./http";

/**
 * The statements one request runs, counted so the count is the same every time.
 *
 * Signing in touches the session's last-used time at most once a minute (lib/auth/authenticate.server.ts),
 * so a measured request could run one statement more when its minute happens to be up. With a token,
 * one untimed request with that token goes first (GET /api/user), so any touch that is due lands
 * there and the measured request runs none.
 */
export async function statementsOf<T>(
  token: string | undefined,
  request: () => Promise<T>,
): Promise<{ statements: number; result: T }> {
  if (token) await call(currentUser, { token });
  const before = queryCounter.count;
  const result = await request();
  return { statements: queryCounter.count - before, result };
}
