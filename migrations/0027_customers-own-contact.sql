CREATE TABLE "job_details" (
	"purchase_id" integer PRIMARY KEY NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_email" text,
	"customer_address" text,
	"service_location" text NOT NULL,
	"electrical_work" text NOT NULL,
	"service_type" text NOT NULL,
	"property_type" text NOT NULL,
	"budget_range" text NOT NULL,
	"urgency" text NOT NULL,
	"special_requests" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_details" ADD CONSTRAINT "job_details_purchase_id_lead_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lead_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Until now "Edit job details" wrote into the lead row itself (docs/decisions/073-the-customers-own-
-- contact.md). Each live purchase whose details were edited keeps what its buyer sees as its own
-- working copy...
INSERT INTO "job_details" ("purchase_id", "customer_name", "customer_phone", "customer_email", "customer_address", "service_location", "electrical_work", "service_type", "property_type", "budget_range", "urgency", "special_requests")
SELECT p.id, l.customer_name, l.customer_phone, l.customer_email, l.customer_address, l.service_location, l.electrical_work, l.service_type, l.property_type, l.budget_range, l.urgency, l.special_requests
FROM "lead_purchases" p JOIN "leads" l ON l.id = p.lead_id
WHERE p.released_at IS NULL AND EXISTS (
  SELECT 1 FROM "purchase_changes" c WHERE c.purchase_id = p.id AND c.field IN ('customerName', 'customerPhone', 'customerEmail', 'customerAddress', 'serviceLocation', 'electricalWork', 'serviceType', 'propertyType', 'budgetRange', 'urgency', 'specialRequests')
);
--> statement-breakpoint
-- ...and a market lead gets back what its customer typed: each field's value before the first
-- recorded edit by any buyer (the audit trail of docs/decisions/018 kept every one).
UPDATE "leads" l SET
  "customer_name" = coalesce(f.fields->>'customerName', l.customer_name),
  "customer_phone" = coalesce(f.fields->>'customerPhone', l.customer_phone),
  "customer_email" = CASE WHEN f.fields ? 'customerEmail' THEN f.fields->>'customerEmail' ELSE l.customer_email END,
  "customer_address" = CASE WHEN f.fields ? 'customerAddress' THEN f.fields->>'customerAddress' ELSE l.customer_address END,
  "service_location" = coalesce(f.fields->>'serviceLocation', l.service_location),
  "electrical_work" = coalesce(f.fields->>'electricalWork', l.electrical_work),
  "service_type" = coalesce(f.fields->>'serviceType', l.service_type),
  "property_type" = coalesce(f.fields->>'propertyType', l.property_type),
  "budget_range" = coalesce(f.fields->>'budgetRange', l.budget_range),
  "urgency" = coalesce(f.fields->>'urgency', l.urgency),
  "special_requests" = CASE WHEN f.fields ? 'specialRequests' THEN f.fields->>'specialRequests' ELSE l.special_requests END
FROM (
  SELECT firsts.lead_id, jsonb_object_agg(firsts.field, firsts.old_value) AS fields
  FROM (
    SELECT DISTINCT ON (p.lead_id, c.field) p.lead_id, c.field, c.old_value
    FROM "purchase_changes" c JOIN "lead_purchases" p ON p.id = c.purchase_id
    WHERE c.field IN ('customerName', 'customerPhone', 'customerEmail', 'customerAddress', 'serviceLocation', 'electricalWork', 'serviceType', 'propertyType', 'budgetRange', 'urgency', 'specialRequests')
    ORDER BY p.lead_id, c.field, c.created_at, c.id
  ) firsts
  GROUP BY firsts.lead_id
) f
WHERE f.lead_id = l.id AND l.source <> 'provider_manual';
