-- Decision 086: glucose_daily_counts follows glucose_readings and sensor_readings through
-- statement triggers over their transition tables, whatever writes them (the API, an import's
-- commit or removal, a cascade). Bands in mg/dL: under 54, under 70, 70–180 (SUMMARY_BANDS).
CREATE FUNCTION glucose_daily_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE glucose_daily_counts c SET
      readings = c.readings - o.readings,
      value_sum = c.value_sum - o.value_sum,
      value_square_sum = c.value_square_sum - o.value_square_sum,
      below_54 = c.below_54 - o.below_54,
      below_70 = c.below_70 - o.below_70,
      in_range = c.in_range - o.in_range
    FROM (
      SELECT user_id, date, count(*)::int AS readings, sum(value)::bigint AS value_sum,
        sum(value::bigint * value)::bigint AS value_square_sum,
        (count(*) FILTER (WHERE value < 54))::int AS below_54,
        (count(*) FILTER (WHERE value < 70))::int AS below_70,
        (count(*) FILTER (WHERE value >= 70 AND value <= 180))::int AS in_range
      FROM old_rows GROUP BY user_id, date
    ) o
    WHERE c.user_id = o.user_id AND c.date = o.date;
    DELETE FROM glucose_daily_counts c
      WHERE c.readings <= 0 AND (c.user_id, c.date) IN (SELECT user_id, date FROM old_rows);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO glucose_daily_counts AS c
      (user_id, date, readings, value_sum, value_square_sum, below_54, below_70, in_range)
    SELECT user_id, date, count(*)::int, sum(value)::bigint, sum(value::bigint * value)::bigint,
      (count(*) FILTER (WHERE value < 54))::int, (count(*) FILTER (WHERE value < 70))::int,
      (count(*) FILTER (WHERE value >= 70 AND value <= 180))::int
    FROM new_rows GROUP BY user_id, date
    ON CONFLICT (user_id, date) DO UPDATE SET
      readings = c.readings + excluded.readings,
      value_sum = c.value_sum + excluded.value_sum,
      value_square_sum = c.value_square_sum + excluded.value_square_sum,
      below_54 = c.below_54 + excluded.below_54,
      below_70 = c.below_70 + excluded.below_70,
      in_range = c.in_range + excluded.in_range;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER glucose_readings_daily_insert AFTER INSERT ON glucose_readings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION glucose_daily_counts_follow();
--> statement-breakpoint
CREATE TRIGGER glucose_readings_daily_update AFTER UPDATE ON glucose_readings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION glucose_daily_counts_follow();
--> statement-breakpoint
CREATE TRIGGER glucose_readings_daily_delete AFTER DELETE ON glucose_readings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION glucose_daily_counts_follow();
--> statement-breakpoint
CREATE TRIGGER sensor_readings_daily_insert AFTER INSERT ON sensor_readings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION glucose_daily_counts_follow();
--> statement-breakpoint
CREATE TRIGGER sensor_readings_daily_update AFTER UPDATE ON sensor_readings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION glucose_daily_counts_follow();
--> statement-breakpoint
CREATE TRIGGER sensor_readings_daily_delete AFTER DELETE ON sensor_readings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION glucose_daily_counts_follow();
--> statement-breakpoint
-- The readings already stored.
INSERT INTO glucose_daily_counts (user_id, date, readings, value_sum, value_square_sum, below_54, below_70, in_range)
SELECT user_id, date, count(*)::int, sum(value)::bigint, sum(value::bigint * value)::bigint,
  (count(*) FILTER (WHERE value < 54))::int, (count(*) FILTER (WHERE value < 70))::int,
  (count(*) FILTER (WHERE value >= 70 AND value <= 180))::int
FROM (SELECT user_id, date, value FROM glucose_readings UNION ALL SELECT user_id, date, value FROM sensor_readings) r
GROUP BY user_id, date;
