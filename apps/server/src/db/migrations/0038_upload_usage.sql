CREATE TABLE "upload_usage" (
	"owner" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "upload_usage_owner_day_pk" PRIMARY KEY("owner","day")
);
