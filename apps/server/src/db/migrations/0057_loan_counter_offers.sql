-- A loan approved for less than asked waits for the borrower (status approved) until it is accepted, declined or lapses.
-- The pending offer blocks a new application like any open loan. Nothing existing is an offer, so no backfill.
DROP INDEX "loans_one_open_per_user";--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "offer_outcome" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "offer_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "offer_decline_reason" text;--> statement-breakpoint
CREATE INDEX "loans_offer_expiry_idx" ON "loans" USING btree ("offer_expires_at") WHERE "loans"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open_per_user" ON "loans" USING btree ("user_id") WHERE "loans"."status" in ('applying', 'reviewing', 'approved', 'disbursed', 'overdue');--> statement-breakpoint
insert into system_params (code, value, description) values
  ('loan_offer_valid_days', '7', 'Days a borrower has to accept or decline a loan approved for less than asked, before the offer lapses')
on conflict (code) do nothing;
