-- asset_counts (0011) holds the number of assets per tenant, status, category and location. Statement-level
-- triggers with transition tables keep it: one upsert per statement and bucket, whatever the number of rows, and
-- an update that moves no asset between buckets (a rename) writes nothing. Buckets are written in key order, so
-- two transactions never take the same counter rows in opposite orders. The function runs with the caller's
-- rights: whoever may change assets under row-level security may change their tenant's counts, and no one else.
CREATE FUNCTION app_asset_counts_apply() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO asset_counts AS c (organisation_id, status, category_id, location_id, count)
        SELECT organisation_id, status, category_id, location_id, count(*) FROM new_rows
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (organisation_id, status, category_id, location_id) DO UPDATE SET count = c.count + excluded.count;
    ELSIF TG_OP = 'UPDATE' THEN
      INSERT INTO asset_counts AS c (organisation_id, status, category_id, location_id, count)
        SELECT organisation_id, status, category_id, location_id, sum(delta) FROM (
          SELECT organisation_id, status, category_id, location_id, 1 AS delta FROM new_rows
          UNION ALL
          SELECT organisation_id, status, category_id, location_id, -1 AS delta FROM old_rows
        ) moves
        GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
        ON CONFLICT (organisation_id, status, category_id, location_id) DO UPDATE SET count = c.count + excluded.count;
    ELSE
      -- Only existing buckets shrink; no insert, so deleting a whole organisation (cascade) needs no new row.
      UPDATE asset_counts c SET count = c.count - gone.n
        FROM (SELECT organisation_id, status, category_id, location_id, count(*) AS n FROM old_rows GROUP BY 1, 2, 3, 4) gone
        WHERE c.organisation_id = gone.organisation_id AND c.status = gone.status
          AND c.category_id = gone.category_id AND c.location_id = gone.location_id;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER asset_counts_insert AFTER INSERT ON assets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_asset_counts_apply();--> statement-breakpoint
CREATE TRIGGER asset_counts_update AFTER UPDATE ON assets REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_asset_counts_apply();--> statement-breakpoint
CREATE TRIGGER asset_counts_delete AFTER DELETE ON assets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_asset_counts_apply();--> statement-breakpoint

INSERT INTO asset_counts (organisation_id, status, category_id, location_id, count)
  SELECT organisation_id, status, category_id, location_id, count(*) FROM assets GROUP BY 1, 2, 3, 4;--> statement-breakpoint

GRANT SELECT, INSERT, UPDATE ON asset_counts TO quartermaster_app;--> statement-breakpoint
ALTER TABLE asset_counts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE asset_counts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON asset_counts
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

-- Search (0005): PostgreSQL assumes 1,000 rows from a set-returning function and then prefers scanning the whole
-- tenant to probing the matches; a typical search matches far fewer. The estimate only steers plans.
ALTER FUNCTION app_search_asset_ids(text[]) ROWS 100;
