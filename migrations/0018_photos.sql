CREATE TABLE "photo_blobs" (
	"photo_id" text NOT NULL,
	"variant" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "photo_blobs_photo_id_variant_pk" PRIMARY KEY("photo_id","variant")
);
--> statement-breakpoint
CREATE TABLE "photo_deletions" (
	"photo_id" text PRIMARY KEY NOT NULL,
	"store" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" text PRIMARY KEY NOT NULL,
	"lead_id" integer,
	"uploaded_at" timestamp with time zone NOT NULL,
	"attached_at" timestamp with time zone,
	"ip" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_type" text NOT NULL,
	"store" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_preferences" ADD COLUMN "with_photos" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_blobs" ADD CONSTRAINT "photo_blobs_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_lead_idx" ON "photos" USING btree ("lead_id","attached_at");--> statement-breakpoint
CREATE INDEX "photos_unused_idx" ON "photos" USING btree ("uploaded_at") WHERE "photos"."lead_id" is null;--> statement-breakpoint
-- ---- Hand-written (docs/decisions/050-photos.md); keep when this migration is regenerated ----
-- Every deleted photo whose bytes live outside PostgreSQL is queued for the sweep, however its
-- row went: removed by the customer, swept, or by the lead's foreign key cascade (photo_blobs
-- cascades by itself). JPEG and WebP do not compress: TOAST is told not to try.
CREATE FUNCTION "photos_queue_deletion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.store <> 'postgres' THEN
    INSERT INTO photo_deletions (photo_id, store) VALUES (OLD.id, OLD.store) ON CONFLICT (photo_id) DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "photos_queue_deletion_trigger" AFTER DELETE ON "photos" FOR EACH ROW EXECUTE FUNCTION "photos_queue_deletion"();--> statement-breakpoint
ALTER TABLE "photo_blobs" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
