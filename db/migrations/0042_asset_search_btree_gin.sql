-- btree_gin lets the asset full-text index (migration 0043) lead with organisation_id: a GIN index over
-- (organisation_id, search_vector) intersects the tenant's posting list with the words' own.
CREATE EXTENSION IF NOT EXISTS btree_gin;
