-- A category's icon was a glyph name ('shirt', 'phone', ...) typed in a text box; it is now a picture uploaded to
-- the platform. Names and anything else that is no upload reference are cleared (no icon) before the check holds.
UPDATE "categories" SET "icon" = ''
WHERE "icon" <> '' AND "icon" !~ '^/uploads/img/[0-9a-f]{2}/[0-9a-f]{32}-[0-9]{1,5}[.]webp$';--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_icon_upload_ref" CHECK ("categories"."icon" = '' or "categories"."icon" ~ '^/uploads/img/[0-9a-f]{2}/[0-9a-f]{32}-[0-9]{1,5}[.]webp$');
