-- Outbound webhooks (issue 17): endpoints, their deliveries and the attempts of each are the tenant's own
-- (DESIGN.md invariant 1). The app deletes endpoints (an admin's action; deliveries and attempts go with them by
-- cascade) and finished deliveries past their retention (the job's housekeeping); attempts are append-only.
GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_endpoints TO quartermaster_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_deliveries TO quartermaster_app;--> statement-breakpoint
GRANT SELECT, INSERT ON webhook_delivery_attempts TO quartermaster_app;--> statement-breakpoint

ALTER TABLE webhook_endpoints ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE webhook_endpoints FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON webhook_endpoints
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE webhook_deliveries ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE webhook_deliveries FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON webhook_deliveries
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE webhook_delivery_attempts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE webhook_delivery_attempts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON webhook_delivery_attempts
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

-- The deliver-webhooks job sweeps every tenant; like the other job lookups these return identifiers only, and
-- each delivery is then claimed, sent and settled under its tenant's own RLS context.
CREATE FUNCTION app_due_webhook_deliveries(p_now timestamptz, p_limit integer)
  RETURNS TABLE (id uuid, organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT d.id, d.organisation_id FROM webhook_deliveries d
    WHERE d.status = 'PENDING' AND d.next_attempt_at <= p_now
    ORDER BY d.next_attempt_at
    LIMIT p_limit
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_due_webhook_deliveries(timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_due_webhook_deliveries(timestamptz, integer) TO quartermaster_app;--> statement-breakpoint

-- Tenants with housekeeping due: a rotated-out secret whose overlap has ended (dropped), or finished deliveries
-- older than the delivery log keeps (deleted). The job then does both under the tenant's RLS context.
CREATE FUNCTION app_webhook_housekeeping_tenants(p_now timestamptz, p_purge_before timestamptz)
  RETURNS TABLE (organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT e.organisation_id FROM webhook_endpoints e WHERE e.previous_secret_expires_at <= p_now
    UNION
    SELECT d.organisation_id FROM webhook_deliveries d WHERE d.status <> 'PENDING' AND d.created_at < p_purge_before
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_webhook_housekeeping_tenants(timestamptz, timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_webhook_housekeeping_tenants(timestamptz, timestamptz) TO quartermaster_app;
