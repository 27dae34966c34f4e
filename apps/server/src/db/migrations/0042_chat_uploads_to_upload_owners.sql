-- Chat pictures are now owned like every upload (upload_owners, checked by assertOwnUploads): carry over who
-- uploaded which chat picture, so a picture uploaded before this migration can still be sent by its uploader.
INSERT INTO "upload_owners" ("hash", "owner", "created_at")
SELECT substring("url" from '^/uploads/img/[0-9a-f]{2}/([0-9a-f]{32})-[0-9]{1,5}\.webp$'), "owner_kind" || ':' || "owner_id", min("created_at")
FROM "chat_uploads"
WHERE "url" ~ '^/uploads/img/[0-9a-f]{2}/[0-9a-f]{32}-[0-9]{1,5}\.webp$'
GROUP BY 1, 2
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "chat_uploads" CASCADE;
