ALTER TABLE "order_items" ADD COLUMN "name_for_seller" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "specification_for_seller" text;