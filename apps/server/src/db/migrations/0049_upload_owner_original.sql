ALTER TABLE "upload_owners" ADD COLUMN "format" text;--> statement-breakpoint
ALTER TABLE "upload_owners" ADD COLUMN "bytes" integer;