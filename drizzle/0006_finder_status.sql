-- The opening status kept per service at location for the finder, and texts kept folded (docs/decisions/184-stored-opening-status.md).
DROP INDEX "hsds_service_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "hsds_service" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (search_fold(search_text)) STORED;--> statement-breakpoint
ALTER TABLE "hsds_service" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (search_fold(name)) STORED;--> statement-breakpoint
ALTER TABLE "hsds_service" ADD COLUMN "eligibility_folded" text GENERATED ALWAYS AS (search_fold(coalesce(eligibility_description, '') || E'\n' || coalesce(eligibility_description_es, ''))) STORED;--> statement-breakpoint
ALTER TABLE "hsds_service_at_location" ADD COLUMN "status_sort" double precision;--> statement-breakpoint
ALTER TABLE "hsds_service_at_location" ADD COLUMN "status_from" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "hsds_service_at_location" ADD COLUMN "status_until" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "hsds_service_at_location" ADD COLUMN "status_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "hsds_language_code_lower_idx" ON "hsds_language" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "hsds_language_name_folded_idx" ON "hsds_language" USING btree (search_fold("name"));--> statement-breakpoint
CREATE INDEX "hsds_service_search_folded_trgm_idx" ON "hsds_service" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hsds_service_at_location_status_until_idx" ON "hsds_service_at_location" USING btree ("status_until");--> statement-breakpoint
CREATE INDEX "hsds_service_at_location_status_from_idx" ON "hsds_service_at_location" USING btree ("status_from");--> statement-breakpoint
-- Any write to the hours marks the places they may apply to as stale (their own, their service's,
-- their location's), whoever writes: the import, staff, the seed or a hand-made SQL fix. Bumping
-- status_version makes a refresh that read the hours before this write discard its result.
CREATE FUNCTION hsds_schedule_marks_status_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE hsds_service_at_location SET status_until = '-infinity', status_version = status_version + 1;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE hsds_service_at_location sal SET status_until = '-infinity', status_version = sal.status_version + 1
    WHERE sal.id IN (SELECT service_at_location_id FROM new_schedules)
      OR sal.service_id IN (SELECT service_id FROM new_schedules)
      OR sal.location_id IN (SELECT location_id FROM new_schedules);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE hsds_service_at_location sal SET status_until = '-infinity', status_version = sal.status_version + 1
    WHERE sal.id IN (SELECT service_at_location_id FROM old_schedules)
      OR sal.service_id IN (SELECT service_id FROM old_schedules)
      OR sal.location_id IN (SELECT location_id FROM old_schedules);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER hsds_schedule_insert_status AFTER INSERT ON hsds_schedule
  REFERENCING NEW TABLE AS new_schedules FOR EACH STATEMENT EXECUTE FUNCTION hsds_schedule_marks_status_stale();--> statement-breakpoint
CREATE TRIGGER hsds_schedule_update_status AFTER UPDATE ON hsds_schedule
  REFERENCING OLD TABLE AS old_schedules NEW TABLE AS new_schedules FOR EACH STATEMENT EXECUTE FUNCTION hsds_schedule_marks_status_stale();--> statement-breakpoint
CREATE TRIGGER hsds_schedule_delete_status AFTER DELETE ON hsds_schedule
  REFERENCING OLD TABLE AS old_schedules FOR EACH STATEMENT EXECUTE FUNCTION hsds_schedule_marks_status_stale();--> statement-breakpoint
CREATE TRIGGER hsds_schedule_truncate_status AFTER TRUNCATE ON hsds_schedule
  FOR EACH STATEMENT EXECUTE FUNCTION hsds_schedule_marks_status_stale();--> statement-breakpoint
-- A place moved to another service or location takes other hours.
CREATE FUNCTION hsds_service_at_location_marks_status_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.service_id IS DISTINCT FROM OLD.service_id OR NEW.location_id IS DISTINCT FROM OLD.location_id THEN
    NEW.status_until := '-infinity';
    NEW.status_version := OLD.status_version + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER hsds_service_at_location_status BEFORE UPDATE ON hsds_service_at_location
  FOR EACH ROW EXECUTE FUNCTION hsds_service_at_location_marks_status_stale();
