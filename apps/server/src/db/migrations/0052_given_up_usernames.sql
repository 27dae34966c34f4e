CREATE TABLE "given_up_usernames" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "given_up_usernames_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"username" text NOT NULL,
	"given_up_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "given_up_usernames" ADD CONSTRAINT "given_up_usernames_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "given_up_usernames_name_idx" ON "given_up_usernames" USING btree (lower("username"),"given_up_at");