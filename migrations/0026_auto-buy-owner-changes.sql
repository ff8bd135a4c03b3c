-- An auto-buy order's owner changed what decides which leads the order may buy (licence expiry,
-- approval, active, the service area's centre and radius). The engine finds changed orders by
-- their updated_at (docs/decisions/064-auto-buy-engine.md), so the owner's live orders are marked
-- changed here, in the same transaction, whoever made the change (vetting, the operator, the
-- owner's own settings): a lead already on sale that the order could not take before is then
-- looked at again within a second.
CREATE FUNCTION "auto_buy_owner_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auto_buy_orders SET updated_at = clock_timestamp() WHERE owner_id = NEW.id AND deleted_at IS NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "auto_buy_owner_changed_trigger"
AFTER UPDATE OF licence_expiry, verification_status, is_active, service_latitude, service_longitude, service_radius ON "users"
FOR EACH ROW WHEN (
  OLD.licence_expiry IS DISTINCT FROM NEW.licence_expiry OR OLD.verification_status IS DISTINCT FROM NEW.verification_status
  OR OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.service_latitude IS DISTINCT FROM NEW.service_latitude
  OR OLD.service_longitude IS DISTINCT FROM NEW.service_longitude OR OLD.service_radius IS DISTINCT FROM NEW.service_radius
)
EXECUTE FUNCTION "auto_buy_owner_changed"();
