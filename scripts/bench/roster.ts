/**
 * `npm run bench:roster`: the OneRoster import (issue 21, "Speed") on a new database — PostgreSQL when
 * DATABASE_URL names a server (a throwaway database is created on it and dropped), else an in-memory
 * PGlite. A generated bundle of 2,000 students, 120 staff, 600 sections and 16,000 enrolments: the dry
 * run, the apply, the same bundle again (writing nothing) and a nightly delta of 50 changes, each timed
 * against its budget, with the statements each ran (constant, whatever the bundle's size).
 */
import postgres from "postgres";
import { openDatabase, queryCounter } from "../../db/client";
import { blocks } from "../../db/schema";
import { applyImport, planImport } from "../../lib/oneroster/apply";
import { ensureDefaultSettings } from "../../lib/settings/service";
import { buildBundle, smallSchool, type BundleSpec } from "../../tests/helpers/oneroster-bundle";

const BUDGETS = { dry: 10_000, apply: 30_000, again: 10_000, delta: 5_000 };

async function timed<T>(run: () => Promise<T>) {
  const statements = queryCounter.count;
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started, statements: queryCounter.count - statements };
}

async function main() {
  const server = process.env.DATABASE_URL;
  const name = `flexblock_bench_roster_${process.pid}`;
  let url: string | undefined;
  if (server) {
    const admin = postgres(server, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const target = new URL(server);
    target.pathname = `/${name}`;
    url = target.toString();
  }
  const handle = await openDatabase(url ? { url, migrate: true } : { pgliteDir: "memory://", migrate: true });
  let over = false;
  try {
    const db = handle.db;
    await ensureDefaultSettings(db, new Date());
    await db.insert(blocks).values(["Block 1", "Block 2", "Block 3", "Block 4"].map((label) => ({ label })));
    const spec = smallSchool({ students: 2000, teachers: 120, sections: 600, perStudent: 8 });
    const bundle = buildBundle(spec);
    console.log(
      `bundle: ${spec.users!.length} users, ${spec.classes!.length} sections, ${spec.enrollments!.length} enrolments (${spec.enrollments!.filter((e) => e.role === "student").length} students'), ${(bundle.byteLength / 1024).toFixed(0)} KB zipped (${server ? "PostgreSQL" : "PGlite"})`,
    );
    const report = (label: string, budget: number, run: { ms: number; statements: number }, extra: string) => {
      if (run.ms > budget) over = true;
      console.log(`${label}: ${run.ms.toFixed(0)} ms (budget ${budget} ms), ${run.statements} statements; ${extra}`);
    };
    const dry = await timed(() => planImport(db, bundle, {}));
    report("dry run", BUDGETS.dry, dry, JSON.stringify(dry.result.counts));
    const applied = await timed(() => applyImport(db, bundle, {}, new Date()));
    report("apply", BUDGETS.apply, applied, JSON.stringify(applied.result.counts));
    const again = await timed(() => applyImport(db, bundle, {}, new Date()));
    const c = again.result.counts;
    const wroteNothing = c.created + c.updated + c.archived + c.dropped === 0;
    if (!wroteNothing) over = true;
    report("unchanged re-import", BUDGETS.again, again, `${JSON.stringify(c)}${wroteNothing ? ", wrote nothing" : ", WROTE"}`);
    const users = spec.users!;
    const delta: BundleSpec = {
      modes: { orgs: "absent", academicSessions: "absent", courses: "absent", classes: "absent", users: "delta", enrollments: "delta" },
      users: [
        ...users.slice(0, 20).map((u) => ({ ...u, familyName: `${u.familyName}-changed` })),
        ...users.slice(20, 30).map((u) => ({ ...u, status: "tobedeleted" })),
      ],
      enrollments: spec.enrollments!.filter((e) => e.role === "student").slice(1000, 1020).map((e) => ({ ...e, status: "tobedeleted" })),
    };
    const deltaRun = await timed(() => applyImport(db, buildBundle(delta), {}, new Date()));
    report("delta of 50 changes", BUDGETS.delta, deltaRun, JSON.stringify(deltaRun.result.counts));
  } finally {
    await handle.close();
    if (server) {
      const admin = postgres(server, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${name}`);
      await admin.end();
    }
  }
  if (over) {
    console.error("Over budget.");
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
