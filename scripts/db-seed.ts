// npm run db:seed: seed the demo school into DATABASE_URL, or the embedded database in PGLITE_DIR, if it has no accounts yet.
import { count } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { appointments, checkIns, plans, staff, students } from "../db/schema";
import { seedDemoSchoolIfEmpty } from "../lib/demo/demo.server";
import { DEMO_PASSWORD } from "../lib/demo/school.server";
import { env } from "../lib/core/env.server";

async function main() {
  const config = env();
  const handle = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  const where = config.DATABASE_URL ? "PostgreSQL" : `PGlite at ${config.PGLITE_DIR}`;
  try {
    const started = Date.now();
    if (!(await seedDemoSchoolIfEmpty(handle.db))) {
      console.log(`${where} already has accounts; nothing seeded.`);
      return;
    }
    const total = async (
      table: typeof staff | typeof students | typeof plans | typeof checkIns | typeof appointments,
    ) => (await handle.db.select({ n: count() }).from(table))[0]!.n;
    console.log(`Seeded the demo school into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
    console.log(
      `  ${await total(staff)} staff, ${await total(students)} students, ${await total(plans)} plans, ` +
        `${await total(checkIns)} check-ins, ${await total(appointments)} appointments.`,
    );
    console.log(`Sign in with password "${DEMO_PASSWORD}" as sysadmin@demo.school, admin@demo.school,`);
    console.log(`teacher@demo.school, student 100001, or new@demo.school (must change the password).`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
