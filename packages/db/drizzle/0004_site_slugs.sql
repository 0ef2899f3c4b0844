DROP INDEX "api_integrations_user_name_idx";--> statement-breakpoint
ALTER TABLE "hosted_sites" ADD COLUMN "slug" text;--> statement-breakpoint
UPDATE "hosted_sites" SET "slug" = "id";--> statement-breakpoint
ALTER TABLE "hosted_sites" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "api_integrations_user_name_idx" ON "api_integrations" USING btree ("user_id",lower("name"));--> statement-breakpoint
ALTER TABLE "hosted_sites" ADD CONSTRAINT "hosted_sites_slug_unique" UNIQUE("slug");
