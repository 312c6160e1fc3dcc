CREATE TABLE "invoice" (
	"number" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"currency" text NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"tax_rate_basis_points" integer NOT NULL,
	"tax_label" text NOT NULL,
	"provider_invoice_url" text,
	"provider_invoice_pdf_url" text,
	CONSTRAINT "invoice_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_sequence" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE no action ON UPDATE no action;