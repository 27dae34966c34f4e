CREATE TABLE "coupon_campaigns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"claim_code" text,
	"kind" text NOT NULL,
	"amount_off" numeric(30,10) DEFAULT 0 NOT NULL,
	"percent_off" integer DEFAULT 0 NOT NULL,
	"min_spend" numeric(30,10) DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"valid_days" integer,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"stock" integer,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"is_welcome" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by_staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_campaigns_stock_used" CHECK ("coupon_campaigns"."stock" is null or "coupon_campaigns"."issued_count" <= "coupon_campaigns"."stock"),
	CONSTRAINT "coupon_campaigns_percent" CHECK ("coupon_campaigns"."percent_off" between 0 and 90)
);
--> statement-breakpoint
CREATE TABLE "user_coupons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" bigint NOT NULL,
	"code" text NOT NULL,
	"user_id" bigint,
	"email" text,
	"status" text DEFAULT 'available' NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"order_id" bigint,
	"used_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_valid";--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_campaign_id_coupon_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."coupon_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_campaigns_claim_code_key" ON "coupon_campaigns" USING btree (upper("claim_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_coupons_code_key" ON "user_coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "user_coupons_user_idx" ON "user_coupons" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "user_coupons_order_idx" ON "user_coupons" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "user_coupons_campaign_idx" ON "user_coupons" USING btree ("campaign_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_valid" CHECK ("ledger_accounts"."kind" in ('user_available', 'user_held', 'order_escrow', 'platform_revenue', 'chain_clearing', 'bank_clearing', 'loan_book', 'interest_income', 'platform_marketing'));