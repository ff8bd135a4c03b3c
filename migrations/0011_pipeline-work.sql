ALTER TABLE "lead_purchases" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD COLUMN "job_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD COLUMN "decline_note" text;--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD CONSTRAINT "lead_purchases_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD CONSTRAINT "lead_purchases_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;