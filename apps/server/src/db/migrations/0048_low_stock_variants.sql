ALTER TABLE "product_stock_levels" ADD COLUMN "least_stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "product_stock_levels_least_idx" ON "product_stock_levels" USING btree ("store_id","least_stock","product_id");--> statement-breakpoint
-- least_stock: the lowest of the product's stock and its variants' (a product with one variant nearly sold out is
-- low on stock). The triggers become constraint triggers deferred to commit: the editor, the import and the seed
-- write a product before its variants, so an immediate trigger read the variants as they were before. The function
-- reads the row as it is at commit (NEW is the row of the event, which a later write of the transaction may have
-- changed). Still nothing fires on checkout's stock update; the sales fold brings product and variant stock over.
CREATE OR REPLACE FUNCTION caravan_products_stock_levels() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  live products%ROWTYPE;
BEGIN
  SELECT * INTO live FROM products WHERE id = NEW.id;
  IF NOT FOUND OR live.deleted_at IS NOT NULL THEN
    DELETE FROM product_stock_levels WHERE product_id = NEW.id;
  ELSE
    INSERT INTO product_stock_levels (product_id, store_id, stock, least_stock)
    VALUES (live.id, live.store_id, live.stock,
      least(live.stock, (SELECT min(v.stock) FROM product_variants v WHERE v.product_id = live.id)))
    ON CONFLICT (product_id) DO UPDATE
      SET store_id = EXCLUDED.store_id, stock = EXCLUDED.stock, least_stock = EXCLUDED.least_stock
      WHERE product_stock_levels.store_id <> EXCLUDED.store_id OR product_stock_levels.stock <> EXCLUDED.stock
        OR product_stock_levels.least_stock <> EXCLUDED.least_stock;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER products_stock_levels_insert ON products;
--> statement-breakpoint
DROP TRIGGER products_stock_levels_update ON products;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_stock_levels_insert AFTER INSERT ON products
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION caravan_products_stock_levels();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_stock_levels_update AFTER UPDATE ON products
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.updated_at IS DISTINCT FROM OLD.updated_at OR NEW.sold_count IS DISTINCT FROM OLD.sold_count
    OR NEW.deleted_at IS DISTINCT FROM OLD.deleted_at)
  EXECUTE FUNCTION caravan_products_stock_levels();
--> statement-breakpoint
UPDATE product_stock_levels s SET least_stock = least(s.stock,
  (SELECT min(v.stock) FROM product_variants v WHERE v.product_id = s.product_id));
