ALTER TABLE "products" ADD COLUMN "category_l1" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_l2" bigint;--> statement-breakpoint
CREATE INDEX "products_l1_newest_idx" ON "products" USING btree ("category_l1","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_l1_sales_idx" ON "products" USING btree ("category_l1","sold_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_l1_price_idx" ON "products" USING btree ("category_l1","price","id") WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_l2_newest_idx" ON "products" USING btree ("category_l2","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_l2_sales_idx" ON "products" USING btree ("category_l2","sold_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_l2_price_idx" ON "products" USING btree ("category_l2","price","id") WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_leaf_sales_idx" ON "products" USING btree ("category_id","sold_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_leaf_price_idx" ON "products" USING btree ("category_id","price","id") WHERE "products"."is_on_shelf";