CREATE TABLE "integration_executions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"status" integer,
	"duration_ms" integer NOT NULL,
	"response_bytes" integer,
	"response_body" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_executions_kind_check" CHECK ("integration_executions"."item_kind" in ('webhook', 'integration'))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integration_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "signing_secret" text;--> statement-breakpoint
ALTER TABLE "integration_executions" ADD CONSTRAINT "integration_executions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_limit_hits" ADD CONSTRAINT "rate_limit_hits_integration_id_api_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."api_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_executions_item_created_idx" ON "integration_executions" USING btree ("item_kind","item_id","created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_integration_created_idx" ON "rate_limit_hits" USING btree ("integration_id","created_at");