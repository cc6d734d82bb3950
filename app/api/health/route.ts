import { getDb } from "@/lib/setup/boot.server";
import { pingDatabase } from "@/db/queries/health";
import { log } from "@/lib/core/log.server";
import { APP_VERSION } from "@/lib/version";

export const dynamic = "force-dynamic";

// GET /api/health: 200 when the database answers, 503 otherwise (container health check)
export async function GET(): Promise<Response> {
  try {
    const db = await getDb();
    await pingDatabase(db);
    return Response.json({ status: "ok", database: "ok", version: APP_VERSION });
  } catch (error) {
    log.error({ err: error }, "health check failed");
    return Response.json({ status: "error", database: "unreachable", version: APP_VERSION }, { status: 503 });
  }
}
