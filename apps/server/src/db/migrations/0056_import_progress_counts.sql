ALTER TABLE "product_imports" ADD COLUMN "created_products" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "updated_products" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "refused_rows" integer DEFAULT 0 NOT NULL;