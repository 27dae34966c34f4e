-- The platform marketing account (coupons), 16 shards like every platform account (PLATFORM_SHARDS).
INSERT INTO ledger_accounts (kind, shard)
SELECT 'platform_marketing', s FROM generate_series(0, 15) AS s
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Staff who may run coupon campaigns: the built-in Administrator role of older installations too.
UPDATE "roles"
   SET "permissions" = "permissions" || ARRAY['marketing.manage']::text[]
 WHERE "is_system" AND "name" = 'Administrator' AND NOT ('marketing.manage' = ANY ("permissions"));
