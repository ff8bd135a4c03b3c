ALTER TABLE "payment_disputes" ADD COLUMN "evidence_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "evidence_submitted_by" text;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "evidence_note" text;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "evidence_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "evidence_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "evidence_error" text;