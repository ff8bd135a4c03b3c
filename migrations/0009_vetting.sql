CREATE TYPE "public"."verification_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "licence_state" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "licence_expiry" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "abn" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_status" "verification_status" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "licence_reminder_sent_for" date;--> statement-breakpoint
CREATE INDEX "users_verification_queue_idx" ON "users" USING btree ("verification_status","created_at");--> statement-breakpoint
-- Every provider (and team member) that existed before vetting is approved; only new sign-ups wait for the operator (docs/decisions/033).
UPDATE "users" SET "verification_status" = 'approved', "verification_decided_at" = now() WHERE "user_type" IN ('provider', 'team_member');
