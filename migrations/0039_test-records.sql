CREATE TABLE "test_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"results" jsonb NOT NULL,
	"saved_by" integer,
	"tested_at" timestamp with time zone,
	"tested_by" integer,
	"replaces_id" integer,
	"correction_reason" text,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_records" ADD CONSTRAINT "test_records_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_records" ADD CONSTRAINT "test_records_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_records" ADD CONSTRAINT "test_records_tested_by_users_id_fk" FOREIGN KEY ("tested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_records" ADD CONSTRAINT "test_records_replaces_id_test_records_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."test_records"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "test_records_current_idx" ON "test_records" USING btree ("purchase_id") WHERE "test_records"."superseded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "test_records_version_idx" ON "test_records" USING btree ("purchase_id","version");--> statement-breakpoint
CREATE INDEX "test_records_replaces_idx" ON "test_records" USING btree ("replaces_id");