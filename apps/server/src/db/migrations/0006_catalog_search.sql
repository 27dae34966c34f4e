-- unaccent() is only STABLE (it reads a dictionary by name); pinning the dictionary makes this IMMUTABLE so indexes may use it.
CREATE OR REPLACE FUNCTION caravan_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $func$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $func$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION caravan_search_norm(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $func$ SELECT pg_catalog.lower(public.caravan_unaccent($1)) $func$;
--> statement-breakpoint
-- search_text is '|name in lang 1|name in lang 2|...' (normalised) so exact and prefix matches are plain LIKEs.
CREATE OR REPLACE FUNCTION caravan_products_search() RETURNS trigger
  LANGUAGE plpgsql
  AS $func$
DECLARE
  joined text;
BEGIN
  SELECT coalesce(string_agg(public.caravan_search_norm(value), '|'), '') INTO joined FROM jsonb_each_text(NEW.names);
  NEW.search_text := '|' || joined || '|';
  NEW.search_vector := to_tsvector('simple', replace(joined, '|', ' '));
  RETURN NEW;
END
$func$;
--> statement-breakpoint
CREATE TRIGGER products_search BEFORE INSERT OR UPDATE OF names ON products
  FOR EACH ROW EXECUTE FUNCTION caravan_products_search();
--> statement-breakpoint
CREATE INDEX products_search_vector_idx ON products USING gin (search_vector);
--> statement-breakpoint
CREATE INDEX products_search_trgm_idx ON products USING gin (search_text public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX stores_name_trgm_idx ON stores USING gin (public.caravan_search_norm(name) public.gin_trgm_ops);
