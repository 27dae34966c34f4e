CREATE TABLE "product_stock_levels" (
	"product_id" bigint PRIMARY KEY NOT NULL,
	"store_id" bigint NOT NULL,
	"stock" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_stock_levels" ADD CONSTRAINT "product_stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_levels_store_idx" ON "product_stock_levels" USING btree ("store_id","stock","product_id");--> statement-breakpoint
CREATE INDEX "products_seller_on_shelf_idx" ON "products" USING btree ("store_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."deleted_at" is null and "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_seller_off_shelf_idx" ON "products" USING btree ("store_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."deleted_at" is null and not "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_seller_sales_idx" ON "products" USING btree ("store_id","sold_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_seller_price_idx" ON "products" USING btree ("store_id","price","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
-- Stock of live products for the seller panel's stock sort and low-stock filter (see productStockLevels in
-- schema/catalog.ts). Checkout's stock update sets neither updated_at nor sold_count, so it fires nothing and
-- stays a HOT update; the sales fold that follows it (every few seconds) sets sold_count and brings the stock over.
CREATE OR REPLACE FUNCTION caravan_products_stock_levels() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL THEN
    DELETE FROM product_stock_levels WHERE product_id = NEW.id;
  ELSE
    INSERT INTO product_stock_levels (product_id, store_id, stock) VALUES (NEW.id, NEW.store_id, NEW.stock)
    ON CONFLICT (product_id) DO UPDATE SET store_id = EXCLUDED.store_id, stock = EXCLUDED.stock
      WHERE product_stock_levels.store_id <> EXCLUDED.store_id OR product_stock_levels.stock <> EXCLUDED.stock;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_stock_levels_insert AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION caravan_products_stock_levels();
--> statement-breakpoint
CREATE TRIGGER products_stock_levels_update AFTER UPDATE ON products
  FOR EACH ROW WHEN (NEW.updated_at IS DISTINCT FROM OLD.updated_at OR NEW.sold_count IS DISTINCT FROM OLD.sold_count
    OR NEW.deleted_at IS DISTINCT FROM OLD.deleted_at)
  EXECUTE FUNCTION caravan_products_stock_levels();
--> statement-breakpoint
INSERT INTO product_stock_levels (product_id, store_id, stock)
  SELECT id, store_id, stock FROM products WHERE deleted_at IS NULL;
