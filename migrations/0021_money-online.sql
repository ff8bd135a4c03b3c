CREATE TABLE "online_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"stripe_account" text NOT NULL,
	"purchase_id" integer NOT NULL,
	"invoice_id" integer,
	"quote_id" integer,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"reason" text NOT NULL,
	"stripe_refund_id" text,
	"refunded_by" integer,
	"refunded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_accounts" (
	"provider_id" integer PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
ALTER TABLE "document_payments" ADD COLUMN "source" text DEFAULT 'recorded' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_payments" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "document_payments" ADD COLUMN "stripe_account" text;--> statement-breakpoint
ALTER TABLE "document_payments" ADD COLUMN "overpaid" numeric(10, 2) DEFAULT '0.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_payments" ADD COLUMN "refunded" numeric(10, 2) DEFAULT '0.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "online_payment_intents" ADD CONSTRAINT "online_payment_intents_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payment_intents" ADD CONSTRAINT "online_payment_intents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payment_intents" ADD CONSTRAINT "online_payment_intents_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_document_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."document_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_payment_intents_invoice_idx" ON "online_payment_intents" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "online_payment_intents_quote_idx" ON "online_payment_intents" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_payments_intent_idx" ON "document_payments" USING btree ("payment_intent_id");--> statement-breakpoint
-- ---- Hand-written (docs/decisions/056-money-online-stripe-connect.md); keep when this migration is regenerated ----
ALTER TABLE "document_payments" DROP CONSTRAINT "document_payments_method_check";--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_method_check" CHECK ("method" IN ('eft', 'cash', 'card') AND ("source" = 'recorded' OR "method" = 'card'));--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_source_check" CHECK ("source" IN ('recorded', 'stripe', 'demo') AND (("source" = 'recorded') = ("payment_intent_id" IS NULL)));--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_overpaid_check" CHECK ("overpaid" >= 0 AND "overpaid" <= "amount" AND "refunded" >= 0 AND "refunded" <= "amount");--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_amount_check" CHECK ("amount" > 0);--> statement-breakpoint
ALTER TABLE "online_payment_intents" ADD CONSTRAINT "online_payment_intents_one_document_check" CHECK (("invoice_id" IS NULL) <> ("quote_id" IS NULL) AND "amount_cents" > 0);
