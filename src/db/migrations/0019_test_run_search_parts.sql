-- Semantic test-run search embeds each part of a component (title, description, exception...) as its
-- own text, so the primary key gains the part. Rows already indexed hold the whole component's text:
-- they stay, as part 'whole', found as before, until their run is indexed again (queued at the next
-- start from the partial index below, requestIndexingOfWholeComponents); the job then replaces them
-- by the run's parts, as it removes every indexed part the run no longer says.
ALTER TABLE "test_run_search_components" ADD COLUMN "part" text NOT NULL DEFAULT 'whole';
--> statement-breakpoint
ALTER TABLE "test_run_search_components" ALTER COLUMN "part" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "test_run_search_components" DROP CONSTRAINT "test_run_search_components_component_id_component_type_pk";
--> statement-breakpoint
ALTER TABLE "test_run_search_components" ADD CONSTRAINT "test_run_search_components_component_id_component_type_part_pk" PRIMARY KEY("component_id","component_type","part");
--> statement-breakpoint
CREATE INDEX "test_run_search_components_whole_idx" ON "test_run_search_components" USING btree ("run_id") WHERE part = 'whole';
--> statement-breakpoint
-- The vector cache's refresh (search-vector-cache.ts) reads the texts of the last minute on every
-- search: with only the (model, text_hash) key, each refresh scanned every text.
CREATE INDEX "test_run_search_texts_model_created_idx" ON "test_run_search_texts" USING btree ("model","created_at");
