CREATE TABLE "upload_owners" (
	"hash" text NOT NULL,
	"owner" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_owners_hash_owner_pk" PRIMARY KEY("hash","owner")
);
