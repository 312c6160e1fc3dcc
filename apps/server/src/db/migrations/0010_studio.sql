CREATE TABLE "generated_image" (
	"id" text PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"organization_id" text NOT NULL,
	"requested_by_user_id" text,
	"style_id" text NOT NULL,
	"prompt" text NOT NULL,
	"seed" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"provider_prediction_id" text,
	"credit_reference" text NOT NULL,
	"credit_cost" integer NOT NULL,
	"watermarked" boolean NOT NULL,
	"storage_key" text,
	"thumbnail_key" text,
	"print_key" text,
	"width" integer,
	"height" integer,
	"error" text,
	"error_emailed_at" timestamp with time zone,
	"regenerated_from_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"printed_at" timestamp with time zone,
	"printed_by_user_id" text,
	CONSTRAINT "generated_image_provider_prediction_id_unique" UNIQUE("provider_prediction_id")
);
--> statement-breakpoint
ALTER TABLE "child" ADD COLUMN "training_progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "child" ADD COLUMN "training_provider_id" text;--> statement-breakpoint
ALTER TABLE "child" ADD COLUMN "model_version" text;--> statement-breakpoint
ALTER TABLE "child" ADD COLUMN "training_started_by_user_id" text;--> statement-breakpoint
ALTER TABLE "child" ADD COLUMN "training_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "child" ADD COLUMN "training_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "generated_image" ADD CONSTRAINT "generated_image_child_id_child_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."child"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_image" ADD CONSTRAINT "generated_image_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_image" ADD CONSTRAINT "generated_image_requested_by_user_id_user_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_image" ADD CONSTRAINT "generated_image_printed_by_user_id_user_id_fk" FOREIGN KEY ("printed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generated_image_child_idx" ON "generated_image" USING btree ("child_id","created_at");--> statement-breakpoint
CREATE INDEX "generated_image_status_idx" ON "generated_image" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "child" ADD CONSTRAINT "child_training_started_by_user_id_user_id_fk" FOREIGN KEY ("training_started_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child" ADD CONSTRAINT "child_training_provider_id_unique" UNIQUE("training_provider_id");