CREATE TABLE "auto_buy_customers" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_buy_due" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone,
	"clock" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_buy_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"radius_km" integer,
	"suburb_id" integer,
	"service_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"property_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"urgencies" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_lead_score" integer DEFAULT 0 NOT NULL,
	"verified_mobile_only" boolean DEFAULT false NOT NULL,
	"max_price" numeric(10, 2) NOT NULL,
	"max_per_day" integer NOT NULL,
	"max_per_week" numeric(10, 2) NOT NULL,
	"paused_reason" text,
	"paused_until" timestamp with time zone,
	"setup_intent_id" text,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD COLUMN "auto_buy_order_id" integer;--> statement-breakpoint
ALTER TABLE "auto_buy_customers" ADD CONSTRAINT "auto_buy_customers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_buy_due" ADD CONSTRAINT "auto_buy_due_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_buy_orders" ADD CONSTRAINT "auto_buy_orders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_buy_orders" ADD CONSTRAINT "auto_buy_orders_suburb_id_suburbs_id_fk" FOREIGN KEY ("suburb_id") REFERENCES "public"."suburbs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_buy_due_at_idx" ON "auto_buy_due" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "auto_buy_orders_owner_idx" ON "auto_buy_orders" USING btree ("owner_id") WHERE "auto_buy_orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "auto_buy_orders_live_price_idx" ON "auto_buy_orders" USING btree ("max_price" DESC NULLS LAST) WHERE "auto_buy_orders"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD CONSTRAINT "lead_purchases_auto_buy_order_id_auto_buy_orders_id_fk" FOREIGN KEY ("auto_buy_order_id") REFERENCES "public"."auto_buy_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_purchases_auto_buy_idx" ON "lead_purchases" USING btree ("auto_buy_order_id","purchased_at") WHERE "lead_purchases"."auto_buy_order_id" is not null;