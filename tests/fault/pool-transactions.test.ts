/** @jest-environment node */
import type postgresJs from "postgres";
import {
  describeWithThrowawayPostgres,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from "../helpers/throwaway-postgres";

/**
 * Transactions and plain statements at once on a small postgres.js pool (it once gave two 500s with
 * UNSAFE_TRANSACTION under 200 clients, and PostgreSQL logging "there is already a transaction in
 * progress"). Unpatched, postgres.js 3.4.9 skips reserving a transaction's connection when its BEGIN is
 * the statement that fills the connection's pipeline, so other requests' statements run INSIDE that
 * transaction: they fail with UNSAFE_TRANSACTION, or are rolled back with it although their caller was
 * told they succeeded. `max_pipeline: 1` makes every BEGIN sent behind another statement take that path,
 * so the test does not depend on the machine's speed. patches/postgres+3.4.9.patch fixes it; to see this
 * test fail, point FLEXBLOCK_POSTGRES_JS at an unpatched copy (`npm pack postgres@3.4.9`, then
 * FLEXBLOCK_POSTGRES_JS=<dir>/package/cjs/src/index.js): 100 and more UNSAFE_TRANSACTION, plain inserts lost.
 */
const EACH = 300;

type Postgres = typeof postgresJs;

describeWithThrowawayPostgres("transactions and plain statements on one busy pool", () => {
  let server: ThrowawayPostgres;
  let postgres: Postgres;

  beforeAll(async () => {
    server = await startThrowawayPostgres();
    postgres = ((await import(process.env.FLEXBLOCK_POSTGRES_JS ?? "postgres")) as { default: Postgres })
      .default;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("keeps every transaction on its own connection: no UNSAFE_TRANSACTION, nothing lost, nothing leaked", async () => {
    // max_pipeline is a postgres.js option its types leave out.
    const sql = postgres(server.url, {
      max: 2,
      max_pipeline: 1,
      onnotice: () => {},
    } as Parameters<Postgres>[1]);
    try {
      await sql`create table pool_probe (id serial primary key, kind text not null, n int not null)`;
      // Each unexpected error code, with how often it came.
      const failures: Record<string, number> = {};
      const failed = (error: { code?: string; message: string }) => {
        const code = error.code ?? error.message;
        failures[code] = (failures[code] ?? 0) + 1;
      };
      const later = (i: number) => new Promise((resolve) => setTimeout(resolve, (i * 37) % 200));
      const work: Promise<unknown>[] = [];
      for (let i = 0; i < EACH; i++) {
        // Half the transactions commit, half roll back, each with a statement after its insert.
        work.push(
          later(i).then(() =>
            sql
              .begin(async (tx) => {
                await tx`insert into pool_probe (kind, n) values (${i % 2 ? "rolled back" : "committed"}, ${i})`;
                await tx`select pg_sleep(0.002)`;
                if (i % 2) throw new Error("roll back");
              })
              .catch((error: { code?: string; message: string }) => {
                if (error.message !== "roll back") failed(error);
              }),
          ),
        );
        work.push(
          later(i + 1).then(() => sql`insert into pool_probe (kind, n) values ('plain', ${i})`.catch(failed)),
        );
      }
      await Promise.all(work);
      const [counts] = await sql<{ committed: number; rolled_back: number; plain: number }[]>`
        select count(*) filter (where kind = 'committed')::int as committed,
               count(*) filter (where kind = 'rolled back')::int as rolled_back,
               count(*) filter (where kind = 'plain')::int as plain
        from pool_probe`;
      expect(failures).toEqual({});
      expect(counts).toEqual({ committed: EACH / 2, rolled_back: 0, plain: EACH });
      // No connection was left inside a transaction.
      const open =
        await sql`select count(*)::int as n from pg_stat_activity where state like 'idle in transaction%'`;
      expect(open[0]!.n).toBe(0);
    } finally {
      await sql.end({ timeout: 5 });
    }
  }, 60_000);
});
