CREATE TABLE "family_picture" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"webp" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_picture" ADD CONSTRAINT "family_picture_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;