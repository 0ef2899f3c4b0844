-- Sessions are now stored by the SHA-256 of their id: rows from before hold plain ids, so every
-- existing session ends (people sign in again). Login attempts are keyed differently now.
DELETE FROM "sessions";--> statement-breakpoint
DELETE FROM "login_attempts";--> statement-breakpoint
DROP INDEX "users_email_lower_idx";--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;
