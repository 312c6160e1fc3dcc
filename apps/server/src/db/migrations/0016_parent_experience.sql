CREATE TABLE "portrait_share" (
	"token" text PRIMARY KEY NOT NULL,
	"image_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "studio_intro_seen" (
	"child_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_intro_seen_child_id_user_id_pk" PRIMARY KEY("child_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "generated_image" ADD COLUMN "favourite_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portrait_share" ADD CONSTRAINT "portrait_share_image_id_generated_image_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."generated_image"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_share" ADD CONSTRAINT "portrait_share_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_share" ADD CONSTRAINT "portrait_share_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_intro_seen" ADD CONSTRAINT "studio_intro_seen_child_id_child_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."child"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_intro_seen" ADD CONSTRAINT "studio_intro_seen_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portrait_share_live_idx" ON "portrait_share" USING btree ("image_id") WHERE "portrait_share"."revoked_at" is null;