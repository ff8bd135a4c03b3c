CREATE TABLE "market_stream_leases" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counts" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counts_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE INDEX "market_stream_leases_user_idx" ON "market_stream_leases" USING btree ("user_id","lease_until");--> statement-breakpoint
CREATE INDEX "rate_limit_counts_expires_idx" ON "rate_limit_counts" USING btree ("expires_at");