-- products.category_l1 / category_l2 = the level-1 and level-2 ancestors of category_id (or the category itself).
CREATE OR REPLACE FUNCTION caravan_products_category_levels() RETURNS trigger
  LANGUAGE plpgsql
  AS $func$
BEGIN
  WITH RECURSIVE up AS (
    SELECT c.id, c.parent_id, c.level, 1 AS depth FROM public.categories c WHERE c.id = NEW.category_id
    UNION ALL
    SELECT c.id, c.parent_id, c.level, up.depth + 1 FROM public.categories c JOIN up ON c.id = up.parent_id
    WHERE up.depth < 10
  )
  SELECT max(id) FILTER (WHERE level = 1), max(id) FILTER (WHERE level = 2)
    INTO NEW.category_l1, NEW.category_l2 FROM up;
  RETURN NEW;
END
$func$;
--> statement-breakpoint
CREATE TRIGGER products_category_levels BEFORE INSERT OR UPDATE OF category_id ON products
  FOR EACH ROW EXECUTE FUNCTION caravan_products_category_levels();
--> statement-breakpoint
UPDATE products p SET category_l1 = x.l1, category_l2 = x.l2
FROM (
  SELECT leaf.id AS category_id,
    CASE leaf.level WHEN 1 THEN leaf.id WHEN 2 THEN leaf.parent_id ELSE mid.parent_id END AS l1,
    CASE leaf.level WHEN 2 THEN leaf.id WHEN 3 THEN leaf.parent_id END AS l2
  FROM categories leaf LEFT JOIN categories mid ON mid.id = leaf.parent_id
) x
WHERE x.category_id = p.category_id AND p.category_l1 IS NULL;
