ALTER TABLE "online_payment_intents" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "online_payment_intents" ADD COLUMN "failure_message" text;