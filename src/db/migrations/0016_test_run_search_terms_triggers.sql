-- test_run_search_terms follows test_run_search_documents: a document written adds one to its run's
-- count of each of its lexemes (title or body), a document changed or deleted first takes its old
-- lexemes away; counts at 0 go. Lexemes are written in order, so two writers of one run lock the
-- same rows in the same order and never deadlock. Then the documents already there are counted.
CREATE FUNCTION test_run_search_tally(run uuid, kind text, doc tsvector, sign integer) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO test_run_search_terms AS t (lexeme, run_id, component_type, n_title, n_body)
  SELECT u.lexeme, run, kind,
         CASE WHEN 'A' = ANY (u.weights) THEN sign ELSE 0 END,
         CASE WHEN 'A' = ANY (u.weights) THEN 0 ELSE sign END
    FROM unnest(doc) u ORDER BY u.lexeme
  ON CONFLICT (lexeme, run_id, component_type)
  DO UPDATE SET n_title = t.n_title + EXCLUDED.n_title, n_body = t.n_body + EXCLUDED.n_body;
  DELETE FROM test_run_search_terms t
   WHERE sign < 0 AND t.run_id = run AND t.component_type = kind
     AND t.lexeme IN (SELECT u.lexeme FROM unnest(doc) u) AND t.n_title <= 0 AND t.n_body <= 0;
$$;
--> statement-breakpoint
CREATE FUNCTION test_run_search_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM test_run_search_tally(OLD.run_id, OLD.component_type, OLD.document, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM test_run_search_tally(NEW.run_id, NEW.component_type, NEW.document, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER test_run_search_count AFTER INSERT OR UPDATE OR DELETE ON test_run_search_documents
  FOR EACH ROW EXECUTE FUNCTION test_run_search_count();
--> statement-breakpoint
INSERT INTO test_run_search_terms (lexeme, run_id, component_type, n_title, n_body)
SELECT u.lexeme, d.run_id, d.component_type,
       count(*) FILTER (WHERE 'A' = ANY (u.weights)), count(*) FILTER (WHERE NOT 'A' = ANY (u.weights))
  FROM test_run_search_documents d, unnest(d.document) u
 GROUP BY u.lexeme, d.run_id, d.component_type;
