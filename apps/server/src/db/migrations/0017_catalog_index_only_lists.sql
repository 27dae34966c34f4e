DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_newest_idx";--> statement-breakpoint
DROP INDEX "products_sales_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_l1_newest_idx";--> statement-breakpoint
DROP INDEX "products_l1_sales_idx";--> statement-breakpoint
DROP INDEX "products_l1_price_idx";--> statement-breakpoint
DROP INDEX "products_l2_newest_idx";--> statement-breakpoint
DROP INDEX "products_l2_sales_idx";--> statement-breakpoint
DROP INDEX "products_l2_price_idx";--> statement-breakpoint
DROP INDEX "products_leaf_sales_idx";--> statement-breakpoint
DROP INDEX "products_leaf_price_idx";--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price","store_id");--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price","store_id") WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_sales_idx" ON "products" USING btree ("sold_count" DESC NULLS LAST,"id" DESC NULLS LAST,"price","store_id") WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price","id","store_id") WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_l1_newest_idx" ON "products" USING btree ("category_l1","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price","store_id") WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_l1_sales_idx" ON "products" USING btree ("category_l1","sold_count" DESC NULLS LAST,"id" DESC NULLS LAST,"price","store_id") WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_l1_price_idx" ON "products" USING btree ("category_l1","price","id","store_id") WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_l2_newest_idx" ON "products" USING btree ("category_l2","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price","store_id") WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_l2_sales_idx" ON "products" USING btree ("category_l2","sold_count" DESC NULLS LAST,"id" DESC NULLS LAST,"price","store_id") WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_l2_price_idx" ON "products" USING btree ("category_l2","price","id","store_id") WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_leaf_sales_idx" ON "products" USING btree ("category_id","sold_count" DESC NULLS LAST,"id" DESC NULLS LAST,"price","store_id") WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_leaf_price_idx" ON "products" USING btree ("category_id","price","id","store_id") WHERE "products"."is_on_shelf";