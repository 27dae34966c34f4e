-- Installations made before these permissions existed: the built-in Administrator role gets them too.
UPDATE "roles"
   SET "permissions" = "permissions" || ARRAY['mail.read']::text[]
 WHERE "is_system" AND "name" = 'Administrator' AND NOT ('mail.read' = ANY ("permissions"));
