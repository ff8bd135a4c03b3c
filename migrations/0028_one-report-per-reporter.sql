ALTER TABLE "review_reports" ADD COLUMN "reporter" text;--> statement-breakpoint
ALTER TABLE "review_reports" ADD COLUMN "address_hash" text;--> statement-breakpoint
ALTER TABLE "review_reports" ADD COLUMN "reported_on" date;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_reporter_idx" ON "review_reports" USING btree ("review_id","reporter") WHERE "review_reports"."reporter" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_address_day_idx" ON "review_reports" USING btree ("review_id","address_hash","reported_on") WHERE "review_reports"."address_hash" is not null;