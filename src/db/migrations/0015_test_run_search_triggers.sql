-- Test-run search documents (table test_run_search_documents, src/db/tables/test-run-search.ts), kept
-- by triggers on the six component tables: an insert or a change of a component's text rewrites its
-- document in the same statement, a delete removes it. Then the rows already there are indexed.
--
-- The document: english lexemes (stemmed: soaking -> soak) and simple ones (as typed, stop words
-- kept) of the title at weight A and of the body at weight B, so a title match outranks a body match
-- (ts_rank's weights 1.0 and 0.4). Engineering tokens (TVAC, -40C, J3.2, TLV75533, LPSPI0) come out
-- of PostgreSQL's parser whole or as the same pieces a query of them gives; search.test.ts checks each.
CREATE FUNCTION test_run_search_document(title text, body text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(body, '')), 'B')
      || setweight(to_tsvector('simple'::regconfig, coalesce(body, '')), 'B')
$$;
--> statement-breakpoint
CREATE FUNCTION test_run_search_put(component uuid, run uuid, kind text, title text, body text) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO test_run_search_documents (component_id, run_id, component_type, document)
  VALUES (component, run, kind, test_run_search_document(title, body))
  ON CONFLICT (component_id) DO UPDATE SET document = EXCLUDED.document
$$;
--> statement-breakpoint
CREATE FUNCTION test_run_search_index() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM test_run_search_documents WHERE component_id = OLD.id;
    RETURN NULL;
  END IF;
  CASE TG_TABLE_NAME
    WHEN 'test_runs' THEN
      PERFORM test_run_search_put(NEW.id, NEW.id, 'run', NEW.title, NEW.description);
    WHEN 'test_cards' THEN
      PERFORM test_run_search_put(NEW.id, NEW.run_id, 'card', NEW.title, NEW.description);
    WHEN 'test_steps' THEN
      PERFORM test_run_search_put(NEW.id, NEW.run_id, 'step', NEW.title,
                                  concat_ws(' ', NEW.description, NEW.exception));
    WHEN 'test_observations' THEN
      PERFORM test_run_search_put(NEW.id, NEW.run_id, 'observation', '', NEW.text);
    WHEN 'test_run_reports' THEN
      PERFORM test_run_search_put(NEW.id, NEW.run_id, 'report', NEW.title,
                                  concat_ws(' ', NEW.summary, NEW.content));
    WHEN 'test_data_files' THEN
      -- `tvac_-40C.csv` is one token to the parser: the body repeats the name split at . _ / so each
      -- part is found too.
      PERFORM test_run_search_put(NEW.id, NEW.run_id, 'data', NEW.file_name,
                                  regexp_replace(NEW.file_name, '[._/\\]+', ' ', 'g'));
  END CASE;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER test_run_search_write AFTER INSERT OR DELETE ON test_runs
  FOR EACH ROW EXECUTE FUNCTION test_run_search_index();
--> statement-breakpoint
CREATE TRIGGER test_run_search_change AFTER UPDATE ON test_runs FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION test_run_search_index();
--> statement-breakpoint
CREATE TRIGGER test_run_search_write AFTER INSERT OR DELETE ON test_cards
  FOR EACH ROW EXECUTE FUNCTION test_run_search_index();
--> statement-breakpoint
CREATE TRIGGER test_run_search_change AFTER UPDATE ON test_cards FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION test_run_search_index();
--> statement-breakpoint
CREATE TRIGGER test_run_search_write AFTER INSERT OR DELETE ON test_steps
  FOR EACH ROW EXECUTE FUNCTION test_run_search_index();
--> statement-breakpoint
CREATE TRIGGER test_run_search_change AFTER UPDATE ON test_steps FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description
        OR OLD.exception IS DISTINCT FROM NEW.exception)
  EXECUTE FUNCTION test_run_search_index();
--> statement-breakpoint
CREATE TRIGGER test_run_search_write AFTER INSERT OR DELETE ON test_observations
  FOR EACH ROW EXECUTE FUNCTION test_run_search_index();
--> statement-breakpoint
CREATE TRIGGER test_run_search_change AFTER UPDATE ON test_observations FOR EACH ROW
  WHEN (OLD.text IS DISTINCT FROM NEW.text) EXECUTE FUNCTION test_run_search_index();
--> statement-breakpoint
CREATE TRIGGER test_run_search_write AFTER INSERT OR DELETE ON test_run_reports
  FOR EACH ROW EXECUTE FUNCTION test_run_search_index();
--> statement-breakpoint
CREATE TRIGGER test_run_search_change AFTER UPDATE ON test_run_reports FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.summary IS DISTINCT FROM NEW.summary
        OR OLD.content IS DISTINCT FROM NEW.content)
  EXECUTE FUNCTION test_run_search_index();
--> statement-breakpoint
CREATE TRIGGER test_run_search_write AFTER INSERT OR DELETE ON test_data_files
  FOR EACH ROW EXECUTE FUNCTION test_run_search_index();
--> statement-breakpoint
CREATE TRIGGER test_run_search_change AFTER UPDATE ON test_data_files FOR EACH ROW
  WHEN (OLD.file_name IS DISTINCT FROM NEW.file_name) EXECUTE FUNCTION test_run_search_index();
--> statement-breakpoint
INSERT INTO test_run_search_documents (component_id, run_id, component_type, document)
SELECT id, id, 'run', test_run_search_document(title, description) FROM test_runs
UNION ALL
SELECT id, run_id, 'card', test_run_search_document(title, description) FROM test_cards
UNION ALL
SELECT id, run_id, 'step', test_run_search_document(title, concat_ws(' ', description, exception)) FROM test_steps
UNION ALL
SELECT id, run_id, 'observation', test_run_search_document('', text) FROM test_observations
UNION ALL
SELECT id, run_id, 'report', test_run_search_document(title, concat_ws(' ', summary, content)) FROM test_run_reports
UNION ALL
SELECT id, run_id, 'data', test_run_search_document(file_name, regexp_replace(file_name, '[._/\\]+', ' ', 'g'))
  FROM test_data_files;
