CREATE TABLE "email_opt_out" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_opt_out_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "portrait_series" (
	"id" text PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"organization_id" text NOT NULL,
	"style_id" text NOT NULL,
	"created_by_user_id" text,
	"remind_month" smallint NOT NULL,
	"remind_day" smallint NOT NULL,
	"remind_source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portrait_series_reminder" (
	"series_id" text NOT NULL,
	"year" integer NOT NULL,
	"sent_to_user_id" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portrait_series_reminder_series_id_year_pk" PRIMARY KEY("series_id","year")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "unsubscribe_url" text;--> statement-breakpoint
ALTER TABLE "email_opt_out" ADD CONSTRAINT "email_opt_out_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_series" ADD CONSTRAINT "portrait_series_child_id_child_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."child"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_series" ADD CONSTRAINT "portrait_series_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_series" ADD CONSTRAINT "portrait_series_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_series_reminder" ADD CONSTRAINT "portrait_series_reminder_series_id_portrait_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."portrait_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_series_reminder" ADD CONSTRAINT "portrait_series_reminder_sent_to_user_id_user_id_fk" FOREIGN KEY ("sent_to_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portrait_series_child_style_idx" ON "portrait_series" USING btree ("child_id","style_id");--> statement-breakpoint
CREATE INDEX "portrait_series_organization_idx" ON "portrait_series" USING btree ("organization_id");