CREATE TABLE "add_on_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "add_on_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"unit" text NOT NULL,
	"delta" integer NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"note" text,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "add_on_ledger_reference_unique" UNIQUE("reference"),
	CONSTRAINT "add_on_ledger_delta_not_zero" CHECK ("add_on_ledger"."delta" <> 0),
	CONSTRAINT "add_on_ledger_balance_not_negative" CHECK ("add_on_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "portrait_video" (
	"id" text PRIMARY KEY NOT NULL,
	"image_id" text NOT NULL,
	"child_id" integer NOT NULL,
	"organization_id" text NOT NULL,
	"requested_by_user_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"credit_reference" text NOT NULL,
	"storage_key" text,
	"width" integer,
	"height" integer,
	"frames" integer,
	"duration_ms" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "checkout_session" ADD COLUMN "add_on_id" text;--> statement-breakpoint
ALTER TABLE "generated_image" ADD COLUMN "print_source" text;--> statement-breakpoint
ALTER TABLE "add_on_ledger" ADD CONSTRAINT "add_on_ledger_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_video" ADD CONSTRAINT "portrait_video_image_id_generated_image_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."generated_image"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_video" ADD CONSTRAINT "portrait_video_child_id_child_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."child"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_video" ADD CONSTRAINT "portrait_video_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_video" ADD CONSTRAINT "portrait_video_requested_by_user_id_user_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "add_on_ledger_user_idx" ON "add_on_ledger" USING btree ("user_id","unit","id");--> statement-breakpoint
CREATE UNIQUE INDEX "portrait_video_live_idx" ON "portrait_video" USING btree ("image_id") WHERE "portrait_video"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "portrait_video_image_idx" ON "portrait_video" USING btree ("image_id","created_at");