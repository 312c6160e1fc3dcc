CREATE TABLE "child_yearly_update" (
	"id" text PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"provider_id" text,
	"photo_ids" jsonb NOT NULL,
	"reference_descriptor" "bytea",
	"series_renders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"series_made_at" timestamp with time zone,
	"started_by_user_id" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "child_yearly_update_provider_id_unique" UNIQUE("provider_id")
);
--> statement-breakpoint
ALTER TABLE "child_yearly_update" ADD CONSTRAINT "child_yearly_update_child_id_child_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."child"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_yearly_update" ADD CONSTRAINT "child_yearly_update_started_by_user_id_user_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "child_yearly_update_child_idx" ON "child_yearly_update" USING btree ("child_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "child_yearly_update_running_idx" ON "child_yearly_update" USING btree ("child_id") WHERE "child_yearly_update"."status" = 'started';