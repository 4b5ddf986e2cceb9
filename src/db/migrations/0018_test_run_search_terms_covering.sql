-- Search ranks runs from test_run_search_terms by one lexeme's key range (search.repository.ts). With a
-- plain key every row found cost a heap visit: a common word's 10,000 rows lay in ~7,000 heap blocks.
-- The key now carries the counts (INCLUDE), so that range is read by an index-only scan (83 index pages
-- for those rows). It stays the primary key, one index as before: a second, covering index beside it
-- would double what each term write maintains. The price: a count's update is no longer HOT, as an
-- indexed column changes (bench/RESULTS.md, indexing rate).
ALTER TABLE "test_run_search_terms" DROP CONSTRAINT "test_run_search_terms_lexeme_run_id_component_type_pk";
--> statement-breakpoint
ALTER TABLE "test_run_search_terms" ADD CONSTRAINT "test_run_search_terms_lexeme_run_id_component_type_pk"
  PRIMARY KEY ("lexeme", "run_id", "component_type") INCLUDE ("n_title", "n_body");
--> statement-breakpoint
-- An index-only scan skips the heap only for pages the visibility map marks all-visible, which a
-- VACUUM sets and any write to the page clears. Every step written changes some thirty rows here, so
-- the defaults (a vacuum after 20 % of the table changed: 460,000 rows at 2,000,000 steps) would leave
-- the recently written runs to heap visits for long; 2 % keeps the map close to the table.
ALTER TABLE "test_run_search_terms" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
