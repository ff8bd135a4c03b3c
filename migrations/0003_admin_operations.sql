CREATE TYPE "public"."bad_lead_reason" AS ENUM('wrong_number', 'not_a_real_job', 'outside_service_area', 'duplicate', 'other');--> statement-breakpoint
CREATE TYPE "public"."bad_lead_report_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "bad_lead_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"reporter_id" integer,
	"reason" "bad_lead_reason" NOT NULL,
	"details" text,
	"status" "bad_lead_report_status" DEFAULT 'pending' NOT NULL,
	"admin_note" text,
	"decided_at" timestamp with time zone,
	"refund_amount" numeric(10, 2),
	"refund_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"callback_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD COLUMN "refund_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_callbacks" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_callbacks" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_callbacks" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "bad_lead_reports" ADD CONSTRAINT "bad_lead_reports_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bad_lead_reports" ADD CONSTRAINT "bad_lead_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_invitations" ADD CONSTRAINT "provider_invitations_callback_id_provider_callbacks_id_fk" FOREIGN KEY ("callback_id") REFERENCES "public"."provider_callbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bad_lead_reports_open_purchase_idx" ON "bad_lead_reports" USING btree ("purchase_id") WHERE "bad_lead_reports"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "bad_lead_reports_status_created_idx" ON "bad_lead_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_invitations_token_hash_idx" ON "provider_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "provider_invitations_callback_idx" ON "provider_invitations" USING btree ("callback_id");