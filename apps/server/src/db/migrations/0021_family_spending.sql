CREATE TABLE "family_spending" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"members_may_spend" boolean DEFAULT false NOT NULL,
	"changed_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_spending" ADD CONSTRAINT "family_spending_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_spending" ADD CONSTRAINT "family_spending_changed_by_user_id_user_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;