CREATE TABLE "child" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "child_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" text NOT NULL,
	"first_name" text NOT NULL,
	"gender" text NOT NULL,
	"birth_date" date,
	"age" integer,
	"age_recorded_on" date,
	"trigger_word" text NOT NULL,
	"training_status" text,
	"training_failure_reason" text,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "child_trigger_word_unique" UNIQUE("trigger_word")
);
--> statement-breakpoint
CREATE TABLE "child_photo" (
	"id" text PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"uploaded_by_user_id" text,
	"storage_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"perceptual_hash" text NOT NULL,
	"sharpness" integer NOT NULL,
	"blurry" boolean NOT NULL,
	"face_count" integer,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parental_consent" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parental_consent_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "child" ADD CONSTRAINT "child_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child" ADD CONSTRAINT "child_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_photo" ADD CONSTRAINT "child_photo_child_id_child_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."child"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_photo" ADD CONSTRAINT "child_photo_uploaded_by_user_id_user_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parental_consent" ADD CONSTRAINT "parental_consent_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "child_organization_idx" ON "child" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "child_photo_child_idx" ON "child_photo" USING btree ("child_id","created_at");--> statement-breakpoint
CREATE INDEX "parental_consent_user_idx" ON "parental_consent" USING btree ("user_id","accepted_at");