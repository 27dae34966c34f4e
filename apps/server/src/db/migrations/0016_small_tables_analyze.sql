-- Autovacuum analyses a table after 50 rows + 10 % changed; a platform with a dozen shops never reaches
-- that, and a stores table without statistics made the planner join every product list by looping over
-- shops (100x slower at 100,000 products). Analyse these small, always-joined tables after a few changes.
ALTER TABLE "stores" SET (autovacuum_analyze_threshold = 5, autovacuum_analyze_scale_factor = 0.05);--> statement-breakpoint
ALTER TABLE "categories" SET (autovacuum_analyze_threshold = 5, autovacuum_analyze_scale_factor = 0.05);
