CREATE TABLE "identity_images" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_verifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"level" text NOT NULL,
	"status" text DEFAULT 'reviewing' NOT NULL,
	"real_name" text,
	"nationality" text,
	"id_type" text,
	"id_number" text,
	"id_number_key" text,
	"front_image_id" bigint,
	"back_image_id" bigint,
	"selfie_image_id" bigint,
	"address_proof_image_id" bigint,
	"reason" text,
	"reviewer_staff_id" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_accruals" (
	"loan_id" bigint NOT NULL,
	"day" integer NOT NULL,
	"accrued_on" date NOT NULL,
	"principal_outstanding" numeric(30,10) NOT NULL,
	"overdue_amount" numeric(30,10) NOT NULL,
	"interest" numeric(30,10) NOT NULL,
	"penalty" numeric(30,10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_accruals_loan_id_day_pk" PRIMARY KEY("loan_id","day")
);
--> statement-breakpoint
CREATE TABLE "loan_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"min_amount" numeric(30,10) NOT NULL,
	"max_amount" numeric(30,10) NOT NULL,
	"term_options" integer[] NOT NULL,
	"daily_rate" numeric(30,10) NOT NULL,
	"modes" text[] NOT NULL,
	"cycle_days" integer NOT NULL,
	"penalty_daily_rate" numeric(30,10) NOT NULL,
	"grace_days" integer DEFAULT 0 NOT NULL,
	"advanced_above" numeric(30,10) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_products_amounts" CHECK ("loan_products"."min_amount" > 0 and "loan_products"."max_amount" >= "loan_products"."min_amount" and "loan_products"."advanced_above" >= 0),
	CONSTRAINT "loan_products_rates" CHECK ("loan_products"."daily_rate" >= 0 and "loan_products"."daily_rate" <= 0.1 and "loan_products"."penalty_daily_rate" >= 0 and "loan_products"."penalty_daily_rate" <= 0.1),
	CONSTRAINT "loan_products_days" CHECK ("loan_products"."cycle_days" between 1 and 365 and "loan_products"."grace_days" between 0 and 90)
);
--> statement-breakpoint
CREATE TABLE "loan_repayments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_repayments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" numeric(30,10) NOT NULL,
	"penalty" numeric(30,10) NOT NULL,
	"interest" numeric(30,10) NOT NULL,
	"principal" numeric(30,10) NOT NULL,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"status" text DEFAULT 'applying' NOT NULL,
	"amount" numeric(30,10) NOT NULL,
	"approved_amount" numeric(30,10),
	"term_days" integer NOT NULL,
	"mode" text NOT NULL,
	"cycle_days" integer NOT NULL,
	"daily_rate" numeric(30,10) NOT NULL,
	"penalty_daily_rate" numeric(30,10) NOT NULL,
	"grace_days" integer NOT NULL,
	"purpose" text NOT NULL,
	"real_name" text NOT NULL,
	"nationality" text NOT NULL,
	"id_number" text NOT NULL,
	"verification_id" bigint,
	"agreed_at" timestamp with time zone NOT NULL,
	"first_reviewer_staff_id" bigint,
	"first_approved_amount" numeric(30,10),
	"first_approved_at" timestamp with time zone,
	"reviewer_staff_id" bigint,
	"approved_at" timestamp with time zone,
	"reject_reason" text,
	"rejected_at" timestamp with time zone,
	"disbursed_at" timestamp with time zone,
	"disbursed_on" date,
	"disburse_transaction_id" bigint,
	"principal_paid" numeric(30,10) DEFAULT 0 NOT NULL,
	"interest_accrued" numeric(30,10) DEFAULT 0 NOT NULL,
	"interest_paid" numeric(30,10) DEFAULT 0 NOT NULL,
	"penalty_accrued" numeric(30,10) DEFAULT 0 NOT NULL,
	"penalty_paid" numeric(30,10) DEFAULT 0 NOT NULL,
	"accrued_through_day" integer DEFAULT 0 NOT NULL,
	"overdue_since" date,
	"has_been_overdue" boolean DEFAULT false NOT NULL,
	"reminded_due_day" integer DEFAULT 0 NOT NULL,
	"repaid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_paid_within_accrued" CHECK ("loans"."interest_paid" <= "loans"."interest_accrued" and "loans"."penalty_paid" <= "loans"."penalty_accrued" and "loans"."principal_paid" >= 0)
);
--> statement-breakpoint
ALTER TABLE "identity_images" ADD CONSTRAINT "identity_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_front_image_id_identity_images_id_fk" FOREIGN KEY ("front_image_id") REFERENCES "public"."identity_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_back_image_id_identity_images_id_fk" FOREIGN KEY ("back_image_id") REFERENCES "public"."identity_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_selfie_image_id_identity_images_id_fk" FOREIGN KEY ("selfie_image_id") REFERENCES "public"."identity_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_address_proof_image_id_identity_images_id_fk" FOREIGN KEY ("address_proof_image_id") REFERENCES "public"."identity_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_reviewer_staff_id_staff_id_fk" FOREIGN KEY ("reviewer_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_accruals" ADD CONSTRAINT "loan_accruals_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_verification_id_identity_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."identity_verifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_first_reviewer_staff_id_staff_id_fk" FOREIGN KEY ("first_reviewer_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_reviewer_staff_id_staff_id_fk" FOREIGN KEY ("reviewer_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_disburse_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("disburse_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_images_user_idx" ON "identity_images" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "identity_verifications_user_idx" ON "identity_verifications" USING btree ("user_id","level","id");--> statement-breakpoint
CREATE INDEX "identity_verifications_status_idx" ON "identity_verifications" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_live_key" ON "identity_verifications" USING btree ("user_id","level") WHERE "identity_verifications"."status" in ('reviewing', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_id_number_key" ON "identity_verifications" USING btree ("id_type","id_number_key") WHERE "identity_verifications"."level" = 'real_name' and "identity_verifications"."status" in ('reviewing', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "loan_products_code_key" ON "loan_products" USING btree ("code");--> statement-breakpoint
CREATE INDEX "loan_repayments_loan_idx" ON "loan_repayments" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open_per_user" ON "loans" USING btree ("user_id") WHERE "loans"."status" in ('applying', 'reviewing', 'disbursed', 'overdue');