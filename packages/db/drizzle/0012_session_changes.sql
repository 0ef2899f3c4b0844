-- Every server process keeps the sessions it read for a few seconds (see the API's
-- session-cache.ts). A session that changes or ends, and a user who changes (logout, renewal,
-- expiry clean-up, a deleted user's cascade, an edit by hand), names the user on this channel,
-- and each process forgets that user's sessions at once.
CREATE FUNCTION "flows_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('flows_session_changes', OLD.id::text);
  ELSE
    PERFORM pg_notify('flows_session_changes', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "flows_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "flows_session_changed"();
