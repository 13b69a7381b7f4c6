-- pg_trgm serves the asset search index; btree_gist serves the loan exclusion constraint (DESIGN.md invariant 4).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
