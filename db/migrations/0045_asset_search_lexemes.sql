-- Issue 16: word prefixes without GIN's partial match. A `word:*` term makes the GIN index collect the postings of
-- every lexeme with that prefix, in every tenant, into a bitmap before the tenant's entry narrows anything ("laptop:*"
-- cost 27 ms in a tenant of 10,000 assets because of the other tenants' laptops). The same set is matched by the
-- exact lexemes that begin with the word, ORed ("laptop" -> 'laptop'; "canon" -> 'canon' | 'canonical'), which the
-- index answers on its fast path, skipping through the tenant's postings. This table holds each tenant's lexemes,
-- so the search can expand a prefix into them. Lexemes are added by triggers and never removed: a lexeme no asset
-- still has matches nothing. The asset search fields hold no personal data (name, numbers, manufacturer, model).
CREATE TABLE asset_search_lexemes (
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  -- Byte order, so a prefix is a range of the primary key.
  lexeme text COLLATE "C" NOT NULL,
  PRIMARY KEY (organisation_id, lexeme)
);--> statement-breakpoint
-- Only the triggers below write it, as the app role for the app's own writes; only the owner's search functions read it.
GRANT INSERT ON asset_search_lexemes TO quartermaster_app;--> statement-breakpoint
ALTER TABLE asset_search_lexemes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE asset_search_lexemes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON asset_search_lexemes
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

INSERT INTO asset_search_lexemes (organisation_id, lexeme)
  SELECT DISTINCT organisation_id, unnest(tsvector_to_array(search_vector)) FROM assets
  ON CONFLICT DO NOTHING;--> statement-breakpoint

-- In key order, so two transactions adding overlapping lexemes wait for each other instead of deadlocking.
CREATE FUNCTION app_add_asset_search_lexemes() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp
  AS $$
  BEGIN
    INSERT INTO asset_search_lexemes (organisation_id, lexeme)
      SELECT DISTINCT n.organisation_id, l.lexeme
      FROM new_assets n CROSS JOIN LATERAL unnest(tsvector_to_array(n.search_vector)) AS l(lexeme)
      ORDER BY 1, 2
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE FUNCTION app_add_changed_asset_search_lexemes() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp
  AS $$
  BEGIN
    INSERT INTO asset_search_lexemes (organisation_id, lexeme)
      SELECT DISTINCT n.organisation_id, l.lexeme
      FROM new_assets n JOIN old_assets o ON o.id = n.id AND o.search_vector IS DISTINCT FROM n.search_vector
      CROSS JOIN LATERAL unnest(tsvector_to_array(n.search_vector)) AS l(lexeme)
      ORDER BY 1, 2
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER assets_search_lexemes_insert AFTER INSERT ON assets
  REFERENCING NEW TABLE AS new_assets FOR EACH STATEMENT EXECUTE FUNCTION app_add_asset_search_lexemes();--> statement-breakpoint
CREATE TRIGGER assets_search_lexemes_update AFTER UPDATE ON assets
  REFERENCING OLD TABLE AS old_assets NEW TABLE AS new_assets FOR EACH STATEMENT EXECUTE FUNCTION app_add_changed_asset_search_lexemes();--> statement-breakpoint

-- The words' tsquery for the tenant's index: each `simple` token of each word as the exact lexemes that begin with it,
-- ORed; a token with none, or with more than 64 (a word of one or two letters), stays a prefix term. ANDed over all
-- tokens. Matches exactly what asset_search_query(p_words, true) matches. NULL when no word has a token.
CREATE FUNCTION asset_search_expanded_query(p_organisation uuid, p_words text[]) RETURNS tsquery
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET search_path = public, pg_temp
  AS $$
  DECLARE
    v_query tsquery;
    v_term tsquery;
    v_word text;
    v_token text;
    v_lexemes text[];
  BEGIN
    FOREACH v_word IN ARRAY coalesce(p_words, '{}'::text[]) LOOP
      FOREACH v_token IN ARRAY tsvector_to_array(to_tsvector('simple'::regconfig, v_word)) LOOP
        SELECT array_agg(s.lexeme) INTO v_lexemes FROM (
          SELECT l.lexeme FROM asset_search_lexemes l
          WHERE l.organisation_id = p_organisation AND l.lexeme >= v_token COLLATE "C"
            AND l.lexeme < (v_token || chr(1114111)) COLLATE "C" AND starts_with(l.lexeme, v_token)
          LIMIT 65) s;
        IF v_lexemes IS NULL OR cardinality(v_lexemes) > 64 THEN
          v_term := ('''' || replace(replace(v_token, '\', '\\'), '''', '''''') || ''':*')::tsquery;
        ELSE
          SELECT ('(' || string_agg('''' || replace(replace(x, '\', '\\'), '''', '''''') || '''', ' | ') || ')')::tsquery
            INTO v_term FROM unnest(v_lexemes) AS x;
        END IF;
        v_query := CASE WHEN v_query IS NULL THEN v_term ELSE v_query && v_term END;
      END LOOP;
    END LOOP;
    RETURN v_query;
  END
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION asset_search_expanded_query(uuid, text[]) FROM PUBLIC;--> statement-breakpoint

CREATE OR REPLACE FUNCTION app_count_asset_word_matches(p_words text[], p_limit integer) RETURNS integer
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
    v_query := asset_search_expanded_query(v_organisation, p_words);
    IF v_query IS NULL THEN
      RETURN 0;
    END IF;
    EXECUTE 'SELECT count(*)::int FROM (SELECT 1 FROM assets WHERE organisation_id = $1 AND search_vector @@ '
      || quote_literal(v_query::text) || '::tsquery' || asset_search_like_clause(p_words, false) || ' LIMIT $2) s'
      INTO v_count USING v_organisation, p_limit;
    RETURN v_count;
  END
  $$;--> statement-breakpoint

-- The matches of migration 0044's app_search_asset_matches, as row addresses: the list's ranked page reads each match
-- once more to rank and sort it, and a row address is a direct heap fetch where an id is an index probe (6,259
-- matches: 19 ms by id). Only meaningful within the calling statement, whose snapshot the function shares.
CREATE FUNCTION app_search_asset_match_tids(p_words text[], p_cap integer DEFAULT NULL) RETURNS SETOF tid
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
    v_query := asset_search_expanded_query(v_organisation, p_words);
    v_like := asset_search_like_clause(p_words, true);
    IF v_query IS NOT NULL THEN
      v_fts := 'search_vector @@ ' || quote_literal(v_query::text) || '::tsquery';
      RETURN QUERY EXECUTE 'SELECT ctid FROM assets WHERE organisation_id = $1 AND ' || v_fts || asset_search_like_clause(p_words, false)
        || CASE WHEN p_cap IS NULL THEN '' ELSE ' LIMIT ' || p_cap END USING v_organisation;
      GET DIAGNOSTICS v_found = ROW_COUNT;
    END IF;
    IF v_found >= 25 THEN
      RETURN;
    END IF;
    IF (SELECT max(char_length(w)) FROM unnest(p_words) AS w) >= 3 THEN
      RETURN QUERY EXECUTE 'SELECT ctid FROM assets WHERE organisation_id = $1' || v_like
        || CASE WHEN v_fts IS NULL THEN '' ELSE ' AND NOT (' || v_fts || ')' END || ' LIMIT 1000' USING v_organisation;
    ELSE
      RETURN QUERY EXECUTE 'SELECT ctid FROM (SELECT ctid, search_text, search_vector FROM assets WHERE organisation_id = $1 LIMIT 100000) a WHERE true'
        || v_like || CASE WHEN v_fts IS NULL THEN '' ELSE ' AND NOT (' || v_fts || ')' END || ' LIMIT 1000' USING v_organisation;
    END IF;
  END
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_search_asset_match_tids(text[], integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_search_asset_match_tids(text[], integer) TO quartermaster_app;--> statement-breakpoint

-- Every caller now takes the row addresses (lib/assets/build-asset-filter.ts): the ids function goes.
DROP FUNCTION app_search_asset_matches(text[], integer);
