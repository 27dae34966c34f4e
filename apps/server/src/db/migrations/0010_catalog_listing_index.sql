-- Covering index for /commodity-style lists: a category filter, price range, discount flag and any sort key are
-- answered from the index alone (index-only scan), then only the page's rows are read from the wide table.
CREATE INDEX IF NOT EXISTS products_listing_cover_idx ON products (category_id)
  INCLUDE (price, sold_count, created_at, id, store_id, is_discounted, discount_ends_at, discount_price)
  WHERE is_on_shelf;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_discount_ends_idx ON products (discount_ends_at) WHERE is_discounted;
