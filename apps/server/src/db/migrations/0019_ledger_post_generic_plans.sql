-- ledger_post runs on every payment. Left to plan_cache_mode = auto, PostgreSQL re-plans its inner
-- queries on every call (their generic plans look costlier than a custom one to the estimator), which
-- cost more CPU than the queries themselves. Each of them is a primary- or unique-key lookup, so the
-- generic plan is the right one for any argument.
ALTER FUNCTION ledger_post(text, text, text, text, text[], bigint[], numeric[]) SET plan_cache_mode = force_generic_plan;
