-- Asset search under row-level security. LIKE's function (textlike) is not LEAKPROOF, so when a policy applies
-- PostgreSQL evaluates it only after the policy and never as an index condition: every search would scan the
-- whole tenant. This function runs with its owner's rights (the migration owner: a superuser or a role with
-- BYPASSRLS gets the trigram index; any other owner still gets correct, unindexed results), filters by the
-- caller's tenant itself, and returns only ids, which the caller then reads under RLS as usual.
-- The patterns are inlined as literals (quote_literal), so each search is planned for its own terms: a generic
-- plan for a prepared statement cannot see how selective a term is.
CREATE FUNCTION app_search_asset_ids(p_patterns text[]) RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
  DECLARE
    v_organisation uuid := app_current_organisation_id();
    v_query text := 'SELECT id FROM assets WHERE organisation_id = $1';
    v_pattern text;
  BEGIN
    IF v_organisation IS NULL OR p_patterns IS NULL OR cardinality(p_patterns) = 0 OR cardinality(p_patterns) > 16 THEN
      RETURN;
    END IF;
    FOREACH v_pattern IN ARRAY p_patterns LOOP
      v_query := v_query || ' AND search_text LIKE ' || quote_literal(lower(v_pattern));
    END LOOP;
    RETURN QUERY EXECUTE v_query USING v_organisation;
  END
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_search_asset_ids(text[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_search_asset_ids(text[]) TO quartermaster_app;
