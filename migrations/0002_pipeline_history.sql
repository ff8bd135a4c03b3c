CREATE TABLE "sales_stage_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"changed_by" integer,
	"from_stage" "sales_stage",
	"to_stage" "sales_stage" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_purchases" ADD COLUMN "release_reason" text;--> statement-breakpoint
ALTER TABLE "sales_stage_history" ADD CONSTRAINT "sales_stage_history_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_stage_history" ADD CONSTRAINT "sales_stage_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_stage_history_purchase_idx" ON "sales_stage_history" USING btree ("purchase_id","created_at");