CREATE TABLE "purchase_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"changed_by" integer,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "leads_available_created_idx";--> statement-breakpoint
ALTER TABLE "purchase_changes" ADD CONSTRAINT "purchase_changes_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_changes" ADD CONSTRAINT "purchase_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_changes_purchase_idx" ON "purchase_changes" USING btree ("purchase_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_available_auction_idx" ON "leads" USING btree ("auction_started_at","id") WHERE "leads"."status" = 'available' and "leads"."is_archived" = false;