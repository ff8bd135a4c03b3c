ALTER TABLE "reviews" ADD COLUMN "text_as_written" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_as_written" text;