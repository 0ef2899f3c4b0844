ALTER TABLE "flow_runs" ADD COLUMN "outcome" text;--> statement-breakpoint
-- runOutcome (packages/engine) of each stored state, for the runs stored before the column: every
-- later write sets it from runOutcome itself.
UPDATE "flow_runs" SET "outcome" = CASE
  WHEN "state"->>'status' IN ('planning', 'executing', 'summarising', 'waiting') THEN 'running'
  WHEN "state"->>'status' = 'complete' THEN
    CASE WHEN jsonb_path_exists("state", '$.tasks[*] ? (@.failed == true)') THEN 'failed' ELSE 'complete' END
  WHEN coalesce("state"->>'error', '') <> '' THEN 'failed'
  ELSE 'stopped'
END;--> statement-breakpoint
ALTER TABLE "flow_runs" ALTER COLUMN "outcome" SET NOT NULL;
