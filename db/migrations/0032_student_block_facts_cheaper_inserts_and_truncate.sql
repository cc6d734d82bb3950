-- student_block_facts (migration 0031) kept more cheaply where it is written most: a check-in or a plan
-- inserted sets its own columns of its key's row (inserted when the key has none yet) in one statement,
-- instead of reading the key's plan, check-in and appointments again and deleting what is left empty.
-- That is exact because each column group mirrors one table: the plan's columns come only from plans
-- (one per key), the check-in's only from check_ins (one per key), and a row exists exactly while one of
-- them or an appointment with a teacher does. A deleted check-in or plan clears its own columns and
-- removes the rows left with nothing (a check-in by its id, a plan when its key has none now). Updates (a check-in moved to another block, a plan given another
-- teacher) and appointments (several per key, the first one counts) keep the full rewrite.
-- Rows go in key order, so two writers touching the same keys take their locks in the same order.
CREATE FUNCTION student_block_facts_check_ins_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_block_facts (date, block_id, student_id, check_in_id, check_in_staff_id)
  SELECT n.date, n.block_id, n.student_id, n.id, n.staff_id FROM new_rows n ORDER BY n.date, n.block_id, n.student_id
  ON CONFLICT (date, block_id, student_id) DO UPDATE
    SET check_in_id = excluded.check_in_id, check_in_staff_id = excluded.check_in_staff_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION student_block_facts_plans_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_block_facts (date, block_id, student_id, plan_source, plan_staff_id)
  SELECT n.date, n.block_id, n.student_id, n.source, n.staff_id FROM new_rows n ORDER BY n.date, n.block_id, n.student_id
  ON CONFLICT (date, block_id, student_id) DO UPDATE
    SET plan_source = excluded.plan_source, plan_staff_id = excluded.plan_staff_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION student_block_facts_check_ins_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_block_facts f SET check_in_id = NULL, check_in_staff_id = NULL
  FROM old_rows o
  WHERE f.date = o.date AND f.block_id = o.block_id AND f.student_id = o.student_id AND f.check_in_id = o.id;
  -- A second statement: one statement cannot delete a row it has just updated.
  DELETE FROM student_block_facts f USING old_rows o
  WHERE f.date = o.date AND f.block_id = o.block_id AND f.student_id = o.student_id
    AND f.check_in_id IS NULL AND f.plan_source IS NULL AND f.appointment_staff_id IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION student_block_facts_plans_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_block_facts f SET plan_source = NULL, plan_staff_id = NULL
  FROM old_rows o
  WHERE f.date = o.date AND f.block_id = o.block_id AND f.student_id = o.student_id
    -- The key may have a plan again (deleted and inserted by one statement, whose triggers fire in any order).
    AND NOT EXISTS (SELECT 1 FROM plans p WHERE p.student_id = o.student_id AND p.block_id = o.block_id AND p.date = o.date);
  DELETE FROM student_block_facts f USING old_rows o
  WHERE f.date = o.date AND f.block_id = o.block_id AND f.student_id = o.student_id
    AND f.check_in_id IS NULL AND f.plan_source IS NULL AND f.appointment_staff_id IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A TRUNCATE of plans, appointments or check_ins has no transition table: the facts are built again
-- from what is left.
CREATE FUNCTION student_block_facts_rebuild() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM student_block_facts;
  PERFORM student_block_facts_rewrite((
    SELECT jsonb_agg(jsonb_build_object('student_id', student_id, 'block_id', block_id, 'date', date))
    FROM (
      SELECT student_id, block_id, date FROM plans
      UNION SELECT student_id, block_id, date FROM check_ins
      UNION SELECT student_id, block_id, date FROM appointments
    ) k));
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE t text; op text;
BEGIN
  FOREACH t IN ARRAY ARRAY['plans', 'check_ins'] LOOP
    FOREACH op IN ARRAY ARRAY['insert', 'delete'] LOOP
      EXECUTE format('DROP TRIGGER %I ON %I', t || '_' || op || '_student_block_facts', t);
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION %I()',
        t || '_' || op || '_student_block_facts', op, t,
        CASE op WHEN 'insert' THEN 'NEW TABLE AS new_rows' ELSE 'OLD TABLE AS old_rows' END,
        CASE op WHEN 'insert' THEN 'student_block_facts_' || t || '_inserted' ELSE 'student_block_facts_' || t || '_deleted' END);
      EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I', t, t || '_' || op || '_student_block_facts');
    END LOOP;
  END LOOP;
  FOREACH t IN ARRAY ARRAY['plans', 'appointments', 'check_ins'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION student_block_facts_rebuild()',
      t || '_truncate_student_block_facts', t);
    EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I', t, t || '_truncate_student_block_facts');
  END LOOP;
END
$$;
