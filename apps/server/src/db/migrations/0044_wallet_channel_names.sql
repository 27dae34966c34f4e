ALTER TABLE "wallet_channels" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Every channel keeps the name it had as its English name.
UPDATE "wallet_channels" SET "names" = jsonb_build_object('en', "name");
