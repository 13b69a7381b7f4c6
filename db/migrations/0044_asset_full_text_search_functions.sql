-- Asset search (`q`) in two steps, both under the owner's rights like app_search_asset_ids (migration 0005),
-- because neither @@ nor LIKE is LEAKPROOF: under the tenant policy the planner would never use them as index
-- conditions. Each word is matched as a word prefix through the full-text index (migration 0043); every word
-- must also occur in search_text, so the result never leaves the contract "every word occurs, case-insensitively".
-- Words found only inside other words (search-as-you-type: "book" in "MacBook") come from the trigram index, and
-- only when the word prefixes match fewer than 25 assets (a default page); then at most 1,000 of them.

-- The tsquery of the words: each word's `simple` tokens (as to_tsvector splits it: "PF-3QZ9" gives pf-3qz9, pf
-- and 3qz9), each as a prefix (p_prefix) or as a whole word, all ANDed. NULL when no word has a token ("%").
CREATE FUNCTION asset_search_query(p_words text[], p_prefix boolean) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
  AS $$
  DECLARE
    v_query tsquery;
    v_term tsquery;
    v_word text;
    v_token text;
  BEGIN
    FOREACH v_word IN ARRAY coalesce(p_words, '{}'::text[]) LOOP
      FOREACH v_token IN ARRAY tsvector_to_array(to_tsvector('simple'::regconfig, v_word)) LOOP
        v_term := ('''' || replace(replace(v_token, '\', '\\'), '''', '''''') || '''' || CASE WHEN p_prefix THEN ':*' ELSE '' END)::tsquery;
        v_query := CASE WHEN v_query IS NULL THEN v_term ELSE v_query && v_term END;
      END LOOP;
    END LOOP;
    RETURN v_query;
  END
  $$;--> statement-breakpoint

-- Whether a word needs the LIKE check beside its word-prefix match: not when the word, lower-cased, is one of its own
-- tokens ("canon", "r5", "pf-3qz9"), since a token that begins with it then holds it; yes when the parser drops or
-- changes part of it ("100%", "İzmir").
CREATE FUNCTION asset_search_needs_like(p_word text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT NOT (lower(p_word) = ANY (tsvector_to_array(to_tsvector('simple'::regconfig, p_word))))
  $$;--> statement-breakpoint

-- " AND search_text LIKE '%word%'" for each word (p_all) or each word that needs it, lower-cased like search_text,
-- with %, _ and \ taken literally.
CREATE FUNCTION asset_search_like_clause(p_words text[], p_all boolean) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  SET search_path = public, pg_temp
  AS $$
    SELECT coalesce(string_agg(' AND search_text LIKE ' || quote_literal('%' || replace(replace(replace(lower(w), '\', '\\'), '%', '\%'), '_', '\_') || '%'), ''), '')
    FROM unnest(p_words) AS w
    WHERE p_all OR asset_search_needs_like(w)
  $$;--> statement-breakpoint

-- How many of the caller's tenant's assets the words match as word prefixes, counting at most p_limit: the list
-- counts exactly up to 10,000 and estimates above. The query is inlined as a literal, so it is planned for its terms.
CREATE FUNCTION app_count_asset_word_matches(p_words text[], p_limit integer) RETURNS integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
  DECLARE
    v_organisation uuid := app_current_organisation_id();
    v_query tsquery;
    v_count integer;
  BEGIN
    IF v_organisation IS NULL OR p_words IS NULL OR cardinality(p_words) = 0 OR cardinality(p_words) > 16 THEN
      RETURN 0;
    END IF;
    v_query := asset_search_query(p_words, true);
    IF v_query IS NULL THEN
      RETURN 0;
    END IF;
    EXECUTE 'SELECT count(*)::int FROM (SELECT 1 FROM assets WHERE organisation_id = $1 AND search_vector @@ '
      || quote_literal(v_query::text) || '::tsquery' || asset_search_like_clause(p_words, false) || ' LIMIT $2) s'
      INTO v_count USING v_organisation, p_limit;
    RETURN v_count;
  END
  $$;--> statement-breakpoint

-- The ids of the caller's tenant's assets that the words match: word prefixes, plus (when those are fewer than
-- 25) at most 1,000 assets where a word occurs only inside another word. Words shorter than three characters
-- have no trigram; when every word is that short, the inner search examines at most 100,000 of the tenant's assets.
-- p_cap stops the word-prefix matches at that many: the list asks for 10,001 and reads on in the sort's order when
-- it gets them all.
CREATE FUNCTION app_search_asset_matches(p_words text[], p_cap integer DEFAULT NULL) RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
  DECLARE
    v_organisation uuid := app_current_organisation_id();
    v_query tsquery;
    v_like text;
    v_fts text;
    v_found integer := 0;
  BEGIN
    IF v_organisation IS NULL OR p_words IS NULL OR cardinality(p_words) = 0 OR cardinality(p_words) > 16 THEN
      RETURN;
    END IF;
    v_query := asset_search_query(p_words, true);
    v_like := asset_search_like_clause(p_words, true);
    IF v_query IS NOT NULL THEN
      v_fts := 'search_vector @@ ' || quote_literal(v_query::text) || '::tsquery';
      RETURN QUERY EXECUTE 'SELECT id FROM assets WHERE organisation_id = $1 AND ' || v_fts || asset_search_like_clause(p_words, false)
        || CASE WHEN p_cap IS NULL THEN '' ELSE ' LIMIT ' || p_cap END USING v_organisation;
      GET DIAGNOSTICS v_found = ROW_COUNT;
    END IF;
    IF v_found >= 25 THEN
      RETURN;
    END IF;
    IF (SELECT max(char_length(w)) FROM unnest(p_words) AS w) >= 3 THEN
      RETURN QUERY EXECUTE 'SELECT id FROM assets WHERE organisation_id = $1' || v_like
        || CASE WHEN v_fts IS NULL THEN '' ELSE ' AND NOT (' || v_fts || ')' END || ' LIMIT 1000' USING v_organisation;
    ELSE
      RETURN QUERY EXECUTE 'SELECT id FROM (SELECT id, search_text, search_vector FROM assets WHERE organisation_id = $1 LIMIT 100000) a WHERE true'
        || v_like || CASE WHEN v_fts IS NULL THEN '' ELSE ' AND NOT (' || v_fts || ')' END || ' LIMIT 1000' USING v_organisation;
    END IF;
  END
  $$;--> statement-breakpoint
-- The planner's estimate (statistics of the last ANALYZE) of how many of the caller's tenant's assets match the
-- words as word prefixes and the list's filters: pagination.total above 10,000 matches, where counting would cost
-- time in proportion to the matches. Never below p_floor (the count already seen). VOLATILE: it runs EXPLAIN.
CREATE FUNCTION app_estimate_asset_word_matches(p_words text[], p_status asset_status, p_category uuid, p_location uuid, p_owner uuid, p_floor integer)
  RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
  DECLARE
    v_organisation uuid := app_current_organisation_id();
    v_query tsquery;
    v_sql text;
    v_plan json;
  BEGIN
    IF v_organisation IS NULL OR p_words IS NULL OR cardinality(p_words) = 0 OR cardinality(p_words) > 16 THEN
      RETURN 0;
    END IF;
    v_query := asset_search_query(p_words, true);
    IF v_query IS NULL THEN
      RETURN 0;
    END IF;
    v_sql := 'SELECT 1 FROM assets WHERE organisation_id = ' || quote_literal(v_organisation) || '::uuid AND search_vector @@ '
      || quote_literal(v_query::text) || '::tsquery';
    IF p_status IS NOT NULL THEN v_sql := v_sql || ' AND status = ' || quote_literal(p_status) || '::asset_status'; END IF;
    IF p_category IS NOT NULL THEN v_sql := v_sql || ' AND category_id = ' || quote_literal(p_category) || '::uuid'; END IF;
    IF p_location IS NOT NULL THEN v_sql := v_sql || ' AND location_id = ' || quote_literal(p_location) || '::uuid'; END IF;
    IF p_owner IS NOT NULL THEN v_sql := v_sql || ' AND owner_id = ' || quote_literal(p_owner) || '::uuid'; END IF;
    EXECUTE 'EXPLAIN (FORMAT JSON) ' || v_sql INTO v_plan;
    RETURN greatest(coalesce(p_floor, 0), round((v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric)::integer);
  END
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_count_asset_word_matches(text[], integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_count_asset_word_matches(text[], integer) TO quartermaster_app;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_search_asset_matches(text[], integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_search_asset_matches(text[], integer) TO quartermaster_app;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_estimate_asset_word_matches(text[], asset_status, uuid, uuid, uuid, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_estimate_asset_word_matches(text[], asset_status, uuid, uuid, uuid, integer) TO quartermaster_app;
