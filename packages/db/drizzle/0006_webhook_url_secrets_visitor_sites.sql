ALTER TABLE "site_deploys" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "url_sealed" text;--> statement-breakpoint
CREATE INDEX "site_deploys_client_created_idx" ON "site_deploys" USING btree ("client_address","created_at");