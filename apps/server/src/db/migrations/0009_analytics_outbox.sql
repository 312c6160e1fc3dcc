ALTER TABLE "analytics_event" ADD COLUMN "forwarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analytics_identify" ADD COLUMN "forwarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analytics_profile" ADD COLUMN "forwarded_at" timestamp with time zone;