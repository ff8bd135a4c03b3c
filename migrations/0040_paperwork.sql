CREATE TABLE "job_paperwork" (
	"purchase_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"marks" text[] DEFAULT '{}'::text[] NOT NULL,
	"completed_at" timestamp with time zone,
	"energised_at" timestamp with time zone,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paperwork_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"document" text NOT NULL,
	"starts_from" text NOT NULL,
	"due_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"serial" text,
	"reference" text,
	"test_record_id" integer,
	"issued" jsonb,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"customer_sent_at" timestamp with time zone,
	"reminded" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paperwork_files" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"pages" integer NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_to" text[]
);
--> statement-breakpoint
CREATE TABLE "paperwork_serials" (
	"owner_id" integer NOT NULL,
	"series" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "paperwork_serials_owner_id_series_pk" PRIMARY KEY("owner_id","series")
);
--> statement-breakpoint
ALTER TABLE "job_paperwork" ADD CONSTRAINT "job_paperwork_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_paperwork" ADD CONSTRAINT "job_paperwork_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paperwork_documents" ADD CONSTRAINT "paperwork_documents_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paperwork_documents" ADD CONSTRAINT "paperwork_documents_test_record_id_test_records_id_fk" FOREIGN KEY ("test_record_id") REFERENCES "public"."test_records"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paperwork_documents" ADD CONSTRAINT "paperwork_documents_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paperwork_files" ADD CONSTRAINT "paperwork_files_document_id_paperwork_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."paperwork_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paperwork_files" ADD CONSTRAINT "paperwork_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paperwork_serials" ADD CONSTRAINT "paperwork_serials_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paperwork_documents_purchase_idx" ON "paperwork_documents" USING btree ("purchase_id","document");--> statement-breakpoint
CREATE INDEX "paperwork_documents_open_due_idx" ON "paperwork_documents" USING btree ("due_at") WHERE "paperwork_documents"."status" = 'open';