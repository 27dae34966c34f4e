-- Room on each page for a new row version: a stock update at checkout then stays on its page (a HOT
-- update) and writes no index entry (sold counts no longer change there, see sales_tally). Applies to the
-- pages written from now on.
ALTER TABLE "products" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "product_variants" SET (fillfactor = 85);
