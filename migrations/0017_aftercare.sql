CREATE TABLE "calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_exclusions" (
	"lead_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_exclusions_lead_id_user_id_pk" PRIMARY KEY("lead_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "operator_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"evidence" jsonb NOT NULL,
	"note" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"reason" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "alert_deliveries_lead_device_idx";--> statement-breakpoint
DROP INDEX "alert_deliveries_lead_email_idx";--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "listing" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD COLUMN "listing" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_outbox" DROP CONSTRAINT "alert_outbox_pkey";--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD CONSTRAINT "alert_outbox_lead_id_listing_pk" PRIMARY KEY("lead_id","listing");--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "listing" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "closed_by_customer_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "close_note" text;--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD COLUMN "unreachable_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD COLUMN "unreachable_outcome" text;--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD COLUMN "unreachable_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_exclusions" ADD CONSTRAINT "lead_exclusions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_exclusions" ADD CONSTRAINT "lead_exclusions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_reviews" ADD CONSTRAINT "operator_reviews_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_refunds" ADD CONSTRAINT "purchase_refunds_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "calendar_feeds_user_idx" ON "calendar_feeds" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lead_exclusions_user_idx" ON "lead_exclusions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_reviews_open_idx" ON "operator_reviews" USING btree ("purchase_id","kind") WHERE "operator_reviews"."status" = 'open';--> statement-breakpoint
CREATE INDEX "operator_reviews_status_created_idx" ON "operator_reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_refunds_purchase_idx" ON "purchase_refunds" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "purchase_refunds_created_idx" ON "purchase_refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lead_purchases_unreachable_open_idx" ON "lead_purchases" USING btree ("unreachable_claimed_at") WHERE "lead_purchases"."unreachable_claimed_at" is not null and "lead_purchases"."unreachable_settled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_lead_device_idx" ON "alert_deliveries" USING btree ("lead_id","listing","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_lead_email_idx" ON "alert_deliveries" USING btree ("lead_id","listing","user_id") WHERE "alert_deliveries"."channel" = 'email';--> statement-breakpoint
-- Refunds made before this migration (approved bad-lead reports, docs/decisions/013) become
-- rows of the one refund table, so history, exports and figures read them in one place.
INSERT INTO "purchase_refunds" ("purchase_id", "reason", "amount", "reference", "created_at")
SELECT p."id", 'bad_lead', coalesce(p."refund_amount", p."amount_paid"), r."refund_reference", coalesce(p."refunded_at", p."updated_at")
FROM "lead_purchases" p
LEFT JOIN LATERAL (
  SELECT "refund_reference" FROM "bad_lead_reports" b WHERE b."purchase_id" = p."id" AND b."status" = 'approved' ORDER BY b."id" DESC LIMIT 1
) r ON true
WHERE p."refunded_at" IS NOT NULL;
