-- The polled answers' cheap validator (lib/api/conditional.server.ts, db/queries/data-version.ts): every
-- transaction that writes the school's data leaves its transaction id here, once, at its first writing
-- statement, so "has anything been committed since?" is one short look at this table and the reader's
-- snapshot. Rows are written inside the writing transaction, so a reader sees a transaction's row exactly
-- when it sees its data. Three tables are left out because they are written by requests and the job
-- loop, not by anyone changing what a screen shows: sessions (a signed-in request touches its session
-- once a minute), jobs (the runner's claims, leases and recurring enqueues) and auth_throttle (sign-in
-- counters). No polled answer reads them. Every other table has the trigger (tests/api/data-version.test.ts
-- fails on a new table without it). The prune job keeps only the newest row.
CREATE TABLE data_commits (xid xid8 PRIMARY KEY);
--> statement-breakpoint
CREATE FUNCTION note_data_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_commits (xid) VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT tablename FROM pg_tables
    WHERE schemaname = current_schema()
      AND tablename NOT IN ('data_commits', 'sessions', 'jobs', 'auth_throttle')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER note_data_commit AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION note_data_commit()',
      t.tablename
    );
  END LOOP;
END
$$;
