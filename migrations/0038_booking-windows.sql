CREATE TABLE "booking_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"kind" text NOT NULL,
	"offer_id" integer,
	"note" text NOT NULL,
	"starts_at" timestamp with time zone,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"offered_by" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"customer_note" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"picked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD COLUMN "job_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_offer_id_booking_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."booking_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_offers" ADD CONSTRAINT "booking_offers_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_offers" ADD CONSTRAINT "booking_offers_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_windows" ADD CONSTRAINT "booking_windows_offer_id_booking_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."booking_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_changes_purchase_idx" ON "booking_changes" USING btree ("purchase_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_offers_open_idx" ON "booking_offers" USING btree ("purchase_id") WHERE "booking_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "booking_offers_purchase_idx" ON "booking_offers" USING btree ("purchase_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_windows_offer_idx" ON "booking_windows" USING btree ("offer_id");