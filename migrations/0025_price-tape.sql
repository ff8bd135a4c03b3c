CREATE TABLE "market_tape_counted" (
	"item" text PRIMARY KEY NOT NULL,
	"counted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_tape_counts" (
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"state" text NOT NULL,
	"key" text NOT NULL,
	"measure" text NOT NULL,
	"value" integer NOT NULL,
	"n" integer NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "market_tape_counts_dimension_day_state_key_measure_value_pk" PRIMARY KEY("dimension","day","state","key","measure","value")
);
--> statement-breakpoint
CREATE TABLE "market_tape_rows" (
	"days" smallint NOT NULL,
	"group_by" text NOT NULL,
	"key" text NOT NULL,
	"state" text NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL,
	"suppressed" boolean NOT NULL,
	"sales" integer,
	"median_price" numeric(10, 2),
	"p25_price" numeric(10, 2),
	"p75_price" numeric(10, 2),
	"median_minutes_to_sale" numeric(10, 1),
	"unsold_share" numeric(4, 3),
	CONSTRAINT "market_tape_rows_days_group_by_key_pk" PRIMARY KEY("days","group_by","key")
);
--> statement-breakpoint
CREATE TABLE "market_tape_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"counted_through" timestamp with time zone,
	"dirty" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"published_day" date
);
--> statement-breakpoint
ALTER TABLE "suburbs" ADD COLUMN "sa4_code" text;--> statement-breakpoint
ALTER TABLE "suburbs" ADD COLUMN "sa4_name" text;--> statement-breakpoint
CREATE INDEX "market_tape_counted_at_idx" ON "market_tape_counted" USING btree ("counted_at");--> statement-breakpoint
CREATE INDEX "market_tape_rows_view_idx" ON "market_tape_rows" USING btree ("days","group_by","state","position");--> statement-breakpoint
CREATE INDEX "leads_auction_started_idx" ON "leads" USING btree ("auction_started_at");