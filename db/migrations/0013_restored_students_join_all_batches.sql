-- A student restored from the archive joins the "All Students" appointment batches, as a student added
-- does (0005): archived students are left out when a batch is made, so without this a restored student
-- would miss every all-students appointment booked while they were away. Booked into every block
-- occurrence of every live all-students appointment batch that has not ended, except the occurrences
-- they already hold from that batch (archived after it was made). One statement per update statement,
-- whatever the number of students restored.
CREATE FUNCTION power_schedules_cover_restored_students() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO appointments (student_id, staff_id, block_id, date, memo, power_schedule_id)
  SELECT restored.id, ps.staff_id, slot.block_id, slot.date, left(ps.memo, 150), ps.id
  FROM restored
  JOIN archived ON archived.id = restored.id
  CROSS JOIN power_schedule_slots slot
  JOIN power_schedules ps ON ps.id = slot.power_schedule_id
  WHERE archived.archived_at IS NOT NULL
    AND restored.archived_at IS NULL
    AND ps.student_type = 'all'
    AND ps.type = 'appointment'
    AND ps.undone_at IS NULL
    AND ps.staff_id IS NOT NULL
    AND slot.ends_at > now()
    AND NOT EXISTS (
      SELECT 1 FROM appointments held
      WHERE held.power_schedule_id = ps.id
        AND held.student_id = restored.id
        AND held.block_id = slot.block_id
        AND held.date = slot.date
    );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER students_restored_join_all_batches
  AFTER UPDATE ON students
  REFERENCING OLD TABLE AS archived NEW TABLE AS restored
  FOR EACH STATEMENT EXECUTE FUNCTION power_schedules_cover_restored_students();
