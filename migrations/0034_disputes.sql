CREATE TABLE "payment_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"stripe_dispute_id" text NOT NULL,
	"stripe_account" text,
	"charge_id" text NOT NULL,
	"payment_intent_id" text,
	"purchase_id" integer,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"funds_withdrawn_at" timestamp with time zone,
	"funds_reinstated_at" timestamp with time zone,
	"changed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_disputes_stripe_idx" ON "payment_disputes" USING btree ("stripe_dispute_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_intent_idx" ON "payment_disputes" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_due_idx" ON "payment_disputes" USING btree ("status","evidence_due_by");