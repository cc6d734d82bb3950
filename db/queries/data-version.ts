import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { executeRows } from "../execute";
import { ONE_ROW, preparedPerDb } from "../prepared";

/**
 * The school's committed data as one short text, for the polled answers' cheap validator
 * (lib/api/conditional.server.ts). Every transaction that writes the school's data leaves its id in
 * data_commits (db/migrations/0030_…sql), visible exactly when its data is. The text is the newest such
 * id this statement sees, with the ids below it that are still in progress:
 * - a writer that commits after the newest id was read either has a larger id (the newest changes) or
 *   a smaller one, and then it was in progress below the newest (the list changes);
 * - reads, sign-ins touching a session and the job loop leave no row, so they change nothing.
 * So an equal text means nothing of the school's data was committed in between.
 */
const version = preparedPerDb((db) =>
  db
    .select({
      version: sql<string>`coalesce(newest.xid::text, '0') || '/' || coalesce((
        select string_agg(running::text, ',' order by running)
        from pg_snapshot_xip(pg_current_snapshot()) as running
        where running < newest.xid), '')`,
    })
    .from(sql`${ONE_ROW} left join lateral (select xid from data_commits order by xid desc limit 1) as newest on true`)
    .prepare("committed_data_version"),
);

export async function committedDataVersion(db: Db): Promise<string> {
  const [row] = await version(db).execute();
  return row!.version;
}

/** Keeps only the newest row: the only one the version reads (the prune job, hourly). */
export async function deleteOlderDataCommits(db: Db): Promise<number> {
  const deleted = await executeRows<{ xid: string }>(
    db,
    sql`delete from data_commits where xid < (select xid from data_commits order by xid desc limit 1) returning xid`,
  );
  return deleted.length;
}
