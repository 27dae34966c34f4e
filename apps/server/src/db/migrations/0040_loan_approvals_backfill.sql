-- Loans first-approved before they were mirrored into the second-approval queue: show them there too.
INSERT INTO "four_eyes_approvals" ("action", "target_id", "user_id", "amount", "threshold", "first_staff_id", "first_approved_at")
SELECT 'loan', l."id"::text, l."user_id", coalesce(l."first_approved_amount", l."amount"),
  coalesce((SELECT CASE WHEN p."value" ~ '^\s*\d+(\.\d+)?\s*$' THEN trim(p."value")::numeric END
    FROM "system_params" p WHERE p."code" = 'loan_four_eyes_threshold'), 1000000),
  l."first_reviewer_staff_id", coalesce(l."first_approved_at", now())
FROM "loans" l
WHERE l."status" = 'reviewing' AND l."first_reviewer_staff_id" IS NOT NULL
ON CONFLICT DO NOTHING;
