CREATE TABLE "student_block_facts" (
	"date" date NOT NULL,
	"block_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"plan_source" "plan_source",
	"plan_staff_id" integer,
	"appointment_staff_id" integer,
	"check_in_id" integer,
	"check_in_staff_id" integer,
	CONSTRAINT "student_block_facts_pkey" PRIMARY KEY("date","block_id","student_id")
);

--> statement-breakpoint
-- The facts of the given keys (student, block, date), read again from plans, appointments and check_ins:
-- each key's row is written afresh, or removed when nothing is left of it. Two statements per call,
-- whatever the number of keys.
CREATE FUNCTION student_block_facts_rewrite(keys jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO student_block_facts (date, block_id, student_id, plan_source, plan_staff_id, appointment_staff_id, check_in_id, check_in_staff_id)
  SELECT k.date, k.block_id, k.student_id, p.source, p.staff_id, a.staff_id, ci.id, ci.staff_id
  FROM (SELECT DISTINCT x.student_id, x.block_id, x.date
    FROM jsonb_to_recordset(keys) AS x(student_id int, block_id int, date date)) k
  LEFT JOIN plans p ON p.student_id = k.student_id AND p.block_id = k.block_id AND p.date = k.date
  LEFT JOIN check_ins ci ON ci.student_id = k.student_id AND ci.block_id = k.block_id AND ci.date = k.date
  LEFT JOIN LATERAL (
    SELECT a.staff_id FROM appointments a
    WHERE a.student_id = k.student_id AND a.block_id = k.block_id AND a.date = k.date
    ORDER BY a.id LIMIT 1
  ) a ON true
  WHERE p.id IS NOT NULL OR ci.id IS NOT NULL OR a.staff_id IS NOT NULL
  ON CONFLICT (date, block_id, student_id) DO UPDATE SET plan_source = excluded.plan_source,
    plan_staff_id = excluded.plan_staff_id, appointment_staff_id = excluded.appointment_staff_id,
    check_in_id = excluded.check_in_id, check_in_staff_id = excluded.check_in_staff_id;
  DELETE FROM student_block_facts f
  USING jsonb_to_recordset(keys) AS k(student_id int, block_id int, date date)
  WHERE f.date = k.date AND f.block_id = k.block_id AND f.student_id = k.student_id
    AND NOT EXISTS (SELECT 1 FROM plans p WHERE p.student_id = k.student_id AND p.block_id = k.block_id AND p.date = k.date)
    AND NOT EXISTS (SELECT 1 FROM check_ins ci WHERE ci.student_id = k.student_id AND ci.block_id = k.block_id AND ci.date = k.date)
    AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.student_id = k.student_id AND a.block_id = k.block_id AND a.date = k.date);
$$;
--> statement-breakpoint
-- After each statement on plans, appointments or check_ins: the keys of the rows it inserted, changed
-- (before and after) or deleted are rewritten. Enabled ALWAYS, so that a bulk load with
-- session_replication_role = replica (the demo seed, lib/demo/insert.server.ts) keeps them too.
CREATE FUNCTION student_block_facts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM student_block_facts_rewrite((SELECT jsonb_agg(jsonb_build_object('student_id', student_id, 'block_id', block_id, 'date', date)) FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM student_block_facts_rewrite((SELECT jsonb_agg(jsonb_build_object('student_id', student_id, 'block_id', block_id, 'date', date)) FROM old_rows));
  ELSE
    PERFORM student_block_facts_rewrite((SELECT jsonb_agg(jsonb_build_object('student_id', student_id, 'block_id', block_id, 'date', date))
      FROM (SELECT student_id, block_id, date FROM new_rows UNION SELECT student_id, block_id, date FROM old_rows) changed));
  END IF;
  RETURN NULL;
END
$$;

--> statement-breakpoint
DO $$
DECLARE t text; op text;
BEGIN
  FOREACH t IN ARRAY ARRAY['plans', 'appointments', 'check_ins'] LOOP
    FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION student_block_facts_follow()',
        t || '_' || op || '_student_block_facts', op, t,
        CASE op WHEN 'insert' THEN 'NEW TABLE AS new_rows' WHEN 'delete' THEN 'OLD TABLE AS old_rows'
          ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END);
      EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I', t, t || '_' || op || '_student_block_facts');
    END LOOP;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The facts of everything already there.
SELECT student_block_facts_rewrite(jsonb_agg(jsonb_build_object('student_id', student_id, 'block_id', block_id, 'date', date)))
FROM (
  SELECT student_id, block_id, date FROM plans
  UNION SELECT student_id, block_id, date FROM check_ins
  UNION SELECT student_id, block_id, date FROM appointments
) k;
--> statement-breakpoint
ANALYZE student_block_facts;
--> statement-breakpoint
-- Like every data table (migration 0030); its writes already come with a noted plan, appointment or check-in.
CREATE TRIGGER note_data_commit AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON student_block_facts
  FOR EACH STATEMENT EXECUTE FUNCTION note_data_commit();
