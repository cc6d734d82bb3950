-- "All Students" also covers students added later (spec §2 Power Scheduler). An amendment batch for all
-- students is stored as global amendments (student_id null), which every student's schedule reads. An
-- appointment batch has one row per student, so a student added afterwards (one by one, or by a CSV
-- import, whichever code path inserts them) is booked here into every block occurrence of every
-- all-students appointment batch that is not undone and has not ended yet. One statement per insert
-- statement, whatever the number of students added.
CREATE FUNCTION power_schedules_cover_new_students() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO appointments (student_id, staff_id, block_id, date, memo, power_schedule_id)
  SELECT added.id, ps.staff_id, slot.block_id, slot.date, left(ps.memo, 150), ps.id
  FROM added
  CROSS JOIN power_schedule_slots slot
  JOIN power_schedules ps ON ps.id = slot.power_schedule_id
  WHERE ps.student_type = 'all'
    AND ps.type = 'appointment'
    AND ps.undone_at IS NULL
    AND ps.staff_id IS NOT NULL
    AND slot.ends_at > now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER students_join_all_batches
  AFTER INSERT ON students
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION power_schedules_cover_new_students();
