CREATE TABLE "storybook" (
	"id" text PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"organization_id" text NOT NULL,
	"requested_by_user_id" text,
	"paid_by_user_id" text,
	"paid_with" text NOT NULL,
	"credit_reference" text,
	"title" text NOT NULL,
	"format" text NOT NULL,
	"pages" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"bytes" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "storybook" ADD CONSTRAINT "storybook_child_id_child_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."child"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storybook" ADD CONSTRAINT "storybook_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storybook" ADD CONSTRAINT "storybook_requested_by_user_id_user_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storybook" ADD CONSTRAINT "storybook_paid_by_user_id_user_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storybook_child_idx" ON "storybook" USING btree ("child_id","created_at");--> statement-breakpoint
CREATE INDEX "storybook_paid_by_idx" ON "storybook" USING btree ("paid_by_user_id","created_at");