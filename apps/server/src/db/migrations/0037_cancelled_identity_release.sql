ALTER TABLE "users" ADD COLUMN "former_username" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "former_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "former_area_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "former_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_released_at" timestamp with time zone;