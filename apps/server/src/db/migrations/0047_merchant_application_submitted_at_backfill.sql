-- Applications from before submitted_at: one still waiting was last touched when it was sent (or when staff opened
-- it, minutes later); a decided one keeps its first sending, the only time known for it.
UPDATE "merchant_applications"
SET "submitted_at" = CASE WHEN "status" = 'submitted' THEN "updated_at" ELSE "created_at" END;
