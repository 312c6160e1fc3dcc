CREATE TABLE "preview_set" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"child_id" integer,
	"photo_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "child" ADD COLUMN "previews_by_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "generated_image" ADD COLUMN "kind" text DEFAULT 'portrait' NOT NULL;--> statement-breakpoint
ALTER TABLE "preview_set" ADD CONSTRAINT "preview_set_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_set" ADD CONSTRAINT "preview_set_child_id_child_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."child"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preview_set_child_idx" ON "preview_set" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "preview_set_family_idx" ON "preview_set" USING btree ("organization_id","created_at");