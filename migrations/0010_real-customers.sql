CREATE TABLE "phone_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_sent_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "access_notes" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_verifications_token_idx" ON "phone_verifications" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "phone_verifications_lead_idx" ON "phone_verifications" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "sms_sends_phone_created_idx" ON "sms_sends" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_sends_ip_created_idx" ON "sms_sends" USING btree ("ip","created_at");