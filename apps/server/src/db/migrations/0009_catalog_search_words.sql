-- Dictionary of the words of every product name (normalised lexemes), for typo correction: a mistyped word is
-- matched against this short list with pg_trgm instead of against every product's long multi-language text.
CREATE TABLE IF NOT EXISTS search_words (word text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_words_trgm_idx ON search_words USING gin (word public.gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION caravan_collect_search_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $func$
BEGIN
  -- Sorted so concurrent inserts take the word locks in the same order.
  INSERT INTO public.search_words (word)
    SELECT DISTINCT w FROM new_rows, unnest(tsvector_to_array(new_rows.search_vector)) AS w
    WHERE length(w) BETWEEN 2 AND 40
    ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$func$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravan_collect_search_words();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION caravan_collect_row_search_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $func$
BEGIN
  INSERT INTO public.search_words (word)
    SELECT DISTINCT w FROM unnest(tsvector_to_array(NEW.search_vector)) AS w
    WHERE length(w) BETWEEN 2 AND 40
    ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$func$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE OF names ON products
  FOR EACH ROW EXECUTE FUNCTION caravan_collect_row_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products, unnest(tsvector_to_array(search_vector)) AS w
  WHERE length(w) BETWEEN 2 AND 40
ON CONFLICT DO NOTHING;
