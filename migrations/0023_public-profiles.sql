CREATE TABLE "provider_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"made_from" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "public_profile" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_slugs" ADD CONSTRAINT "provider_slugs_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_slugs_provider_idx" ON "provider_slugs" USING btree ("provider_id","created_at" desc);