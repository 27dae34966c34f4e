CREATE TABLE "sales_tally" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_tally_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"variant_id" bigint,
	"store_id" bigint NOT NULL,
	"quantity" integer NOT NULL
);
