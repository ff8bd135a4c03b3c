CREATE TABLE "auto_buy_business_caps" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"max_per_day" integer,
	"max_per_week" numeric(10, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auto_buy_business_caps" ADD CONSTRAINT "auto_buy_business_caps_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;