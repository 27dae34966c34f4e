CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"user_id" bigint,
	"shard" smallint DEFAULT 0 NOT NULL,
	"balance" numeric(30,10) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_valid" CHECK ("ledger_accounts"."kind" in ('user_available', 'user_held', 'order_escrow', 'platform_revenue', 'chain_clearing', 'bank_clearing', 'loan_book', 'interest_income')),
	CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."kind" in ('user_available', 'user_held')) = ("ledger_accounts"."user_id" is not null)),
	CONSTRAINT "ledger_accounts_user_balance_nonnegative" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" numeric(30,10) NOT NULL,
	"balance_after" numeric(30,10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_amount_nonzero" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"reference_type" text,
	"reference_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_bank_cards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_bank_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"bank_name" text NOT NULL,
	"card_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_recharges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_recharges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"channel_code" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"network" text,
	"deposit_address" text,
	"amount" numeric(30,10) NOT NULL,
	"fee" numeric(30,10) NOT NULL,
	"rate_to_usdt" numeric(30,10) NOT NULL,
	"actual_amount" numeric(30,10) NOT NULL,
	"tx_hash" text,
	"certificate_url" text,
	"bank_name" text,
	"card_number" text,
	"region" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"reason" text,
	"reviewer_staff_id" bigint,
	"reviewed_at" timestamp with time zone,
	"expected_arrival_at" timestamp with time zone,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_recharges_amounts" CHECK ("wallet_recharges"."amount" > 0 and "wallet_recharges"."fee" >= 0 and "wallet_recharges"."actual_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_channels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"network" text,
	"deposit_address" text,
	"uri_prefix" text,
	"min_amount" numeric(30,10) NOT NULL,
	"max_amount" numeric(30,10) NOT NULL,
	"fee_fixed" numeric(30,10) DEFAULT 0 NOT NULL,
	"fee_rate" numeric(30,10) DEFAULT 0 NOT NULL,
	"rate_to_usdt" numeric(30,10) DEFAULT 1 NOT NULL,
	"arrival_minutes" integer DEFAULT 30 NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"closed_regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_channels_amounts" CHECK ("wallet_channels"."min_amount" > 0 and "wallet_channels"."max_amount" >= "wallet_channels"."min_amount"),
	CONSTRAINT "wallet_channels_fees" CHECK ("wallet_channels"."fee_fixed" >= 0 and "wallet_channels"."fee_rate" >= 0 and "wallet_channels"."fee_rate" < 1 and "wallet_channels"."rate_to_usdt" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_pending" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"record_type" text NOT NULL,
	"record_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_withdraw_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_withdraw_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_withdraw_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_withdraw_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(30,10) NOT NULL,
	"fee" numeric(30,10) NOT NULL,
	"actual_amount" numeric(30,10) NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"chain_tx_hash" text,
	"reason" text,
	"reviewer_staff_id" bigint,
	"reviewed_at" timestamp with time zone,
	"hold_transaction_id" bigint,
	"settle_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_withdrawals_amounts" CHECK ("wallet_withdrawals"."amount" > 0 and "wallet_withdrawals"."fee" >= 0 and "wallet_withdrawals"."actual_amount" > 0 and "wallet_withdrawals"."amount" = "wallet_withdrawals"."fee" + "wallet_withdrawals"."actual_amount")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_bank_cards" ADD CONSTRAINT "wallet_bank_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_recharges" ADD CONSTRAINT "wallet_recharges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_recharges" ADD CONSTRAINT "wallet_recharges_channel_id_wallet_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."wallet_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_recharges" ADD CONSTRAINT "wallet_recharges_reviewer_staff_id_staff_id_fk" FOREIGN KEY ("reviewer_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_recharges" ADD CONSTRAINT "wallet_recharges_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_pending" ADD CONSTRAINT "wallet_pending_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_withdraw_addresses" ADD CONSTRAINT "wallet_withdraw_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_withdraw_sessions" ADD CONSTRAINT "wallet_withdraw_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD CONSTRAINT "wallet_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD CONSTRAINT "wallet_withdrawals_reviewer_staff_id_staff_id_fk" FOREIGN KEY ("reviewer_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD CONSTRAINT "wallet_withdrawals_hold_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("hold_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD CONSTRAINT "wallet_withdrawals_settle_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("settle_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_key" ON "ledger_accounts" USING btree ("kind","user_id") WHERE "ledger_accounts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_platform_key" ON "ledger_accounts" USING btree ("kind","shard") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_postings_transaction_idx" ON "ledger_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_idempotency_key" ON "ledger_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_reference_idx" ON "ledger_transactions" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_bank_cards_user_card_key" ON "wallet_bank_cards" USING btree ("user_id","card_number");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_recharges_tx_hash_key" ON "wallet_recharges" USING btree ("tx_hash") WHERE "wallet_recharges"."tx_hash" is not null;--> statement-breakpoint
CREATE INDEX "wallet_recharges_user_idx" ON "wallet_recharges" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "wallet_recharges_status_idx" ON "wallet_recharges" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_channels_code_key" ON "wallet_channels" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_withdraw_addresses_user_key" ON "wallet_withdraw_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_withdraw_sessions_token_key" ON "wallet_withdraw_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "wallet_withdraw_sessions_user_idx" ON "wallet_withdraw_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_user_idx" ON "wallet_withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_status_idx" ON "wallet_withdrawals" USING btree ("status","id");