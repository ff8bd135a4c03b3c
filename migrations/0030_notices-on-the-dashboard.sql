CREATE TABLE "dashboard_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "dashboard_notices" ADD CONSTRAINT "dashboard_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_notices_user_event_idx" ON "dashboard_notices" USING btree ("user_id","event");--> statement-breakpoint
CREATE INDEX "dashboard_notices_open_idx" ON "dashboard_notices" USING btree ("user_id","created_at") WHERE "dashboard_notices"."dismissed_at" is null;