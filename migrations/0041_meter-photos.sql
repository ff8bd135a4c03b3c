CREATE TABLE "test_record_photos" (
	"photo_id" text PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"caption" text,
	"added_by" integer,
	"added_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_record_photos" ADD CONSTRAINT "test_record_photos_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_record_photos" ADD CONSTRAINT "test_record_photos_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_record_photos" ADD CONSTRAINT "test_record_photos_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_record_photos_purchase_idx" ON "test_record_photos" USING btree ("purchase_id","added_at");