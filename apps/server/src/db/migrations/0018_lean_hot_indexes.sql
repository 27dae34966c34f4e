DROP INDEX "ledger_transactions_reference_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 0;--> statement-breakpoint
CREATE INDEX "orders_shipped_idx" ON "orders" USING btree ("shipped_at") WHERE "orders"."status" = 3;--> statement-breakpoint
CREATE INDEX "orders_received_idx" ON "orders" USING btree ("received_at") WHERE "orders"."status" = 4;--> statement-breakpoint
CREATE INDEX "orders_unsettled_idx" ON "orders" USING btree ("received_at") WHERE "orders"."status" in (4, 5) and not "orders"."is_settled";--> statement-breakpoint
ALTER TABLE "sales_tally" DROP COLUMN "id";