// npm run db:migrate: apply db/migrations to DATABASE_URL, or to the embedded database in PGLITE_DIR.
import { openDatabase } from "../db/client";
import { env } from "../lib/core/env.server";

async function main() {
  const config = env();
  const handle = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  console.log(`Migrations applied (${handle.kind}).`);
  await handle.close();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
