CREATE TABLE "business_settings" (
	"provider_id" integer PRIMARY KEY NOT NULL,
	"gst_registered" boolean DEFAULT false NOT NULL,
	"invoice_prefix" text DEFAULT 'INV' NOT NULL,
	"payment_terms_days" integer DEFAULT 7 NOT NULL,
	"bank_bsb" text,
	"bank_account" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"provider_id" integer PRIMARY KEY NOT NULL,
	"last_invoice_number" integer DEFAULT 0 NOT NULL,
	"last_quote_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"invoice_id" integer,
	"quote_id" integer,
	"amount" numeric(10, 2) NOT NULL,
	"method" text NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(10, 2) NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"gst_free" boolean DEFAULT false NOT NULL,
	"amount" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"quote_id" integer,
	"number_seq" integer NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"seller_name" text,
	"seller_abn" text,
	"seller_address" text,
	"seller_gst_registered" boolean NOT NULL,
	"buyer_name" text,
	"buyer_abn" text,
	"bank_bsb" text,
	"bank_account" text,
	"subtotal" numeric(10, 2) NOT NULL,
	"gst" numeric(10, 2) NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_on" date NOT NULL,
	"notes" text,
	"created_by" integer,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"voided_by" integer
);
--> statement-breakpoint
CREATE TABLE "quote_acceptances" (
	"quote_id" integer PRIMARY KEY NOT NULL,
	"signature_name" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"terms_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(10, 2) NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"gst_free" boolean DEFAULT false NOT NULL,
	"amount" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"number_seq" integer NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"seller_name" text,
	"seller_abn" text,
	"seller_address" text,
	"seller_gst_registered" boolean NOT NULL,
	"subtotal" numeric(10, 2) NOT NULL,
	"gst" numeric(10, 2) NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	"deposit_percent" numeric(5, 2),
	"deposit_amount" numeric(10, 2),
	"deposit" numeric(10, 2) DEFAULT '0.00' NOT NULL,
	"valid_until" date NOT NULL,
	"notes" text,
	"sent_to_customer" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"decline_note" text
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD CONSTRAINT "quote_acceptances_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_payments_invoice_idx" ON "document_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "document_payments_quote_idx" ON "document_payments" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "document_payments_purchase_idx" ON "document_payments" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_invoice_position_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_number_idx" ON "invoices" USING btree ("provider_id","number_seq");--> statement-breakpoint
CREATE INDEX "invoices_purchase_idx" ON "invoices" USING btree ("purchase_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_quote_live_idx" ON "invoices" USING btree ("quote_id") WHERE "invoices"."quote_id" is not null and "invoices"."status" <> 'void';--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_quote_position_idx" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_provider_number_idx" ON "quotes" USING btree ("provider_id","number_seq");--> statement-breakpoint
CREATE INDEX "quotes_purchase_idx" ON "quotes" USING btree ("purchase_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_open_per_purchase_idx" ON "quotes" USING btree ("purchase_id") WHERE "quotes"."status" = 'sent';--> statement-breakpoint
-- ---- Hand-written (docs/decisions/051-quotes-and-tax-invoices.md, 052-invoice-numbers-and-payments.md); keep when this migration is regenerated ----
-- The stored values the application writes, held by the database too: a wrong one is a bug, not data.
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_prefix_check" CHECK ("invoice_prefix" ~ '^[A-Z]{1,6}$');--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_terms_check" CHECK ("payment_terms_days" BETWEEN 0 AND 365);--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_positive_check" CHECK ("last_invoice_number" >= 0 AND "last_quote_number" >= 0);--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_status_check" CHECK ("status" IN ('sent', 'accepted', 'declined', 'superseded'));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_deposit_check" CHECK ("deposit_percent" IS NULL OR "deposit_amount" IS NULL);--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_money_check" CHECK ("subtotal" >= 0 AND "gst" >= 0 AND "total" = "subtotal" + "gst" AND "deposit" >= 0 AND "deposit" <= "total");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_decline_reason_check" CHECK ("decline_reason" IS NULL OR "decline_reason" IN ('price', 'timing', 'found_someone', 'other'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_check" CHECK ("status" IN ('issued', 'part_paid', 'paid', 'void'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_title_check" CHECK ("title" IN ('Tax invoice', 'Invoice'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_money_check" CHECK ("subtotal" >= 0 AND "gst" >= 0 AND "total" = "subtotal" + "gst");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_void_check" CHECK (("status" = 'void') = ("voided_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_check" CHECK ("quantity" > 0 AND "unit_price" >= 0 AND "amount" >= 0 AND "position" >= 0);--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_check" CHECK ("quantity" > 0 AND "unit_price" >= 0 AND "amount" >= 0 AND "position" >= 0);--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_one_document_check" CHECK (("invoice_id" IS NULL) <> ("quote_id" IS NULL));--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_amount_check" CHECK ("amount" > 0);--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_method_check" CHECK ("method" IN ('eft', 'cash', 'card'));--> statement-breakpoint
-- An issued invoice keeps its number for ever: no statement may change who issued it or its number.
CREATE FUNCTION "invoices_keep_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.number_seq <> OLD.number_seq OR NEW.number <> OLD.number OR NEW.provider_id <> OLD.provider_id THEN
    RAISE EXCEPTION 'an invoice keeps its number (invoice %)', OLD.id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_keep_number_trigger" BEFORE UPDATE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_keep_number"();
