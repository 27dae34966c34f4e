CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_admin_price_idx" ON "products" USING btree ("price","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_admin_sales_idx" ON "products" USING btree ("sold_count","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "orders_store_total_idx" ON "orders" USING btree ("store_id","total","id");--> statement-breakpoint
CREATE INDEX "wallet_recharges_created_idx" ON "wallet_recharges" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_recharges_actual_amount_idx" ON "wallet_recharges" USING btree ("actual_amount","id");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_created_idx" ON "wallet_withdrawals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_actual_amount_idx" ON "wallet_withdrawals" USING btree ("actual_amount","id");