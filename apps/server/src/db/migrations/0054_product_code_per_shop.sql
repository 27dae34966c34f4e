-- Two products of one shop could share a product code, and the import then updated the wrong one. Before the code
-- becomes unique per shop, each later product of such a pair keeps its code with its own id appended ("ABC-1234"),
-- so nothing is lost and the seller can tell them apart; the first (lowest id) keeps the code as it was.
UPDATE "products" AS p SET "code" = left(p."code", 44) || '-' || p."id"::text
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "store_id", "code" ORDER BY "id") AS n
  FROM "products"
  WHERE "deleted_at" IS NULL AND "code" <> ''
) AS d
WHERE p."id" = d."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "products_store_code_key" ON "products" USING btree ("store_id","code") WHERE "products"."deleted_at" is null and "products"."code" <> '';
