CREATE TABLE "family_suspension" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"suspended_by" text NOT NULL,
	"suspended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"hold_id" text,
	"organization_id" text,
	"reason" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_hold" (
	"id" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"organization_id" text NOT NULL,
	"child_id" integer,
	"generated_image_id" text,
	"provider_run_id" text,
	"user_id" text,
	"image_sha256" text,
	"scores" jsonb,
	"quarantine_key" text,
	"quarantine_until" timestamp with time zone,
	"status" text DEFAULT 'held' NOT NULL,
	"decided_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"delivery_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generated_image" ADD COLUMN "safety" text;--> statement-breakpoint
ALTER TABLE "family_suspension" ADD CONSTRAINT "family_suspension_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_hold" ADD CONSTRAINT "safety_hold_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_hold" ADD CONSTRAINT "safety_hold_child_id_child_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."child"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_hold" ADD CONSTRAINT "safety_hold_generated_image_id_generated_image_id_fk" FOREIGN KEY ("generated_image_id") REFERENCES "public"."generated_image"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_hold" ADD CONSTRAINT "safety_hold_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "safety_audit_created_idx" ON "safety_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "safety_hold_status_idx" ON "safety_hold" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "safety_hold_family_idx" ON "safety_hold" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_hold_run_idx" ON "safety_hold" USING btree ("provider_run_id") WHERE "safety_hold"."provider_run_id" is not null;--> statement-breakpoint
CREATE INDEX "safety_hold_quarantine_idx" ON "safety_hold" USING btree ("quarantine_until") WHERE "safety_hold"."quarantine_key" is not null;