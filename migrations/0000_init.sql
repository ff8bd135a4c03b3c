CREATE TYPE "public"."callback_status" AS ENUM('pending', 'contacted', 'approved', 'declined');--> statement-breakpoint
CREATE TYPE "public"."discount_type" AS ENUM('percentage', 'fixed_amount', 'free');--> statement-breakpoint
CREATE TYPE "public"."lead_source" AS ENUM('quote_form', 'admin_manual', 'provider_manual');--> statement-breakpoint
CREATE TYPE "public"."lead_status" AS ENUM('available', 'sold');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'completed', 'refunded', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."sales_stage" AS ENUM('purchased', 'called', 'quote_sent', 'quote_accepted', 'booked_in', 'invoice_paid', 'declined', 'picked_up', 'delivered');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('customer', 'provider', 'team_member', 'super_admin');--> statement-breakpoint
CREATE TABLE "admin_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"event_data" jsonb,
	"page_path" text,
	"page_title" text,
	"user_agent" text,
	"referrer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"discount_type" "discount_type" NOT NULL,
	"discount_value" numeric(10, 2),
	"max_uses" integer,
	"current_uses" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text,
	"buyer_phone" text,
	"buyer_company" text,
	"amount_paid" numeric(10, 2) DEFAULT '0.00' NOT NULL,
	"original_price" numeric(10, 2),
	"discount_amount" numeric(10, 2) DEFAULT '0.00' NOT NULL,
	"discount_code_id" integer,
	"payment_status" "payment_status" DEFAULT 'pending' NOT NULL,
	"payment_intent_id" text,
	"sales_stage" "sales_stage" DEFAULT 'purchased' NOT NULL,
	"sales_notes" text,
	"customer_payment_amount" numeric(10, 2),
	"quote_price" numeric(10, 2),
	"called_at" timestamp with time zone,
	"quote_sent_at" timestamp with time zone,
	"quote_accepted_at" timestamp with time zone,
	"booked_in_at" timestamp with time zone,
	"picked_up_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"invoice_paid_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"safety_check_passed_at" timestamp with time zone,
	"finalised_at" timestamp with time zone,
	"is_archived" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_reference" text NOT NULL,
	"customer_id" integer,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_email" text,
	"customer_address" text,
	"service_type" text DEFAULT 'repair' NOT NULL,
	"electrical_work" text NOT NULL,
	"property_type" text DEFAULT 'residential' NOT NULL,
	"urgency" text DEFAULT 'within_week' NOT NULL,
	"budget_range" text DEFAULT 'unsure' NOT NULL,
	"has_existing_electrician" boolean DEFAULT false NOT NULL,
	"service_location" text NOT NULL,
	"timeframe" text DEFAULT 'this_week' NOT NULL,
	"preferred_pickup_date" text,
	"preferred_dropoff_date" text,
	"is_flexible_dates" boolean DEFAULT true NOT NULL,
	"special_requests" text,
	"inspection_type" text,
	"lead_score" integer DEFAULT 0 NOT NULL,
	"status" "lead_status" DEFAULT 'available' NOT NULL,
	"source" "lead_source" DEFAULT 'quote_form' NOT NULL,
	"starting_price" numeric(10, 2) DEFAULT '40.00' NOT NULL,
	"current_price" numeric(10, 2) DEFAULT '40.00' NOT NULL,
	"minimum_price" numeric(10, 2) DEFAULT '0.00' NOT NULL,
	"auction_duration" integer DEFAULT 60 NOT NULL,
	"auction_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_price_update" timestamp with time zone,
	"suburb_id" integer,
	"suburb" text,
	"state" text,
	"postcode" text,
	"latitude" numeric(10, 8),
	"longitude" numeric(11, 8),
	"is_archived" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"is_used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_callbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text NOT NULL,
	"business_name" text NOT NULL,
	"service_area" text NOT NULL,
	"status" "callback_status" DEFAULT 'pending' NOT NULL,
	"notes" text,
	"callback_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" integer
);
--> statement-breakpoint
CREATE TABLE "suburbs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"postcode" text NOT NULL,
	"council" text,
	"state" text DEFAULT 'NSW' NOT NULL,
	"latitude" numeric(10, 8),
	"longitude" numeric(11, 8),
	"description" text,
	"phone" text,
	"email" text,
	"address" text,
	"opening_hours" text,
	"price_from" integer DEFAULT 49 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"user_type" "user_type" DEFAULT 'customer' NOT NULL,
	"team_owner_id" integer,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"company_name" text,
	"business_address" text,
	"license_number" text,
	"service_areas" text[],
	"service_location" text,
	"service_latitude" numeric(10, 8),
	"service_longitude" numeric(11, 8),
	"service_radius" integer DEFAULT 20,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD CONSTRAINT "lead_purchases_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD CONSTRAINT "lead_purchases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD CONSTRAINT "lead_purchases_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_suburb_id_suburbs_id_fk" FOREIGN KEY ("suburb_id") REFERENCES "public"."suburbs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_team_owner_id_users_id_fk" FOREIGN KEY ("team_owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_type_created_idx" ON "analytics_events" USING btree ("event_type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_upper_idx" ON "discount_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "lead_purchases_live_lead_idx" ON "lead_purchases" USING btree ("lead_id") WHERE "lead_purchases"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_purchases_payment_intent_idx" ON "lead_purchases" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "lead_purchases_buyer_stage_idx" ON "lead_purchases" USING btree ("buyer_id","sales_stage");--> statement-breakpoint
CREATE INDEX "lead_purchases_paid_recent_idx" ON "lead_purchases" USING btree ("purchased_at" DESC NULLS LAST) WHERE "lead_purchases"."payment_status" = 'completed';--> statement-breakpoint
CREATE UNIQUE INDEX "leads_job_reference_idx" ON "leads" USING btree ("job_reference");--> statement-breakpoint
CREATE INDEX "leads_available_created_idx" ON "leads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "leads"."status" = 'available' and "leads"."is_archived" = false;--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_token_idx" ON "password_reset_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "provider_callbacks_status_created_idx" ON "provider_callbacks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suburbs_name_postcode_state_idx" ON "suburbs" USING btree ("name","postcode","state");--> statement-breakpoint
CREATE INDEX "suburbs_name_prefix_idx" ON "suburbs" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "suburbs_postcode_idx" ON "suburbs" USING btree ("postcode" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_team_owner_idx" ON "users" USING btree ("team_owner_id");