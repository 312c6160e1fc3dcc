ALTER TABLE "child" ADD COLUMN "studio_announced_at" timestamp with time zone;--> statement-breakpoint
-- Studios already open were announced when their training completed: they are not announced again.
UPDATE "child" SET "studio_announced_at" = coalesce("training_completed_at", now()) WHERE "training_status" = 'completed';
