-- A role change ends every session of the account, whatever path changed it (docs/decisions/131).
CREATE OR REPLACE FUNCTION end_sessions_on_role_change() RETURNS trigger AS $$
BEGIN
  DELETE FROM "session" WHERE "user_id" = NEW."id";
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_role_change_ends_sessions" ON "user";
--> statement-breakpoint
CREATE TRIGGER "user_role_change_ends_sessions"
  AFTER UPDATE OF "role" ON "user"
  FOR EACH ROW
  WHEN (OLD."role" IS DISTINCT FROM NEW."role")
  EXECUTE FUNCTION end_sessions_on_role_change();
