ALTER TABLE "child" ADD COLUMN "reference_descriptor" "bytea";--> statement-breakpoint
ALTER TABLE "child_photo" ADD COLUMN "face_descriptor" "bytea";--> statement-breakpoint
ALTER TABLE "child_photo" ADD COLUMN "estimated_age" real;--> statement-breakpoint
ALTER TABLE "child_photo" ADD COLUMN "face_share" real;--> statement-breakpoint
ALTER TABLE "child_photo" ADD COLUMN "frontality" real;--> statement-breakpoint
ALTER TABLE "child_photo" ADD COLUMN "eye_openness" real;--> statement-breakpoint
ALTER TABLE "child_photo" ADD COLUMN "nearby_faces" integer;--> statement-breakpoint
ALTER TABLE "child_photo" ADD COLUMN "kept_despite_age" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "generated_image" ADD COLUMN "likeness" text;--> statement-breakpoint
ALTER TABLE "generated_image" ADD COLUMN "likeness_distance" real;--> statement-breakpoint
ALTER TABLE "generated_image" ADD COLUMN "likeness_retried" boolean DEFAULT false NOT NULL;