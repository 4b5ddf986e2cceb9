CREATE TABLE "test_yield_buckets" (
	"system_id" uuid NOT NULL,
	"month" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"card_title" text NOT NULL,
	"step_title" text NOT NULL,
	"verdict" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "test_yield_buckets_system_id_month_level_card_title_step_title_verdict_pk" PRIMARY KEY("system_id","month","level","card_title","step_title","verdict")
);
--> statement-breakpoint
ALTER TABLE "test_yield_buckets" ADD CONSTRAINT "test_yield_buckets_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Backfill from the live runs already stored: the same statement as backfill() in
-- src/modules/test-runs/yield-buckets.repository.ts (rendered from it), so the sums start equal to a
-- fresh computation.
INSERT INTO test_yield_buckets (system_id, month, level, card_title, step_title, verdict, n)
      SELECT system_id, month, level, card_title, step_title, verdict, n FROM (
  WITH r AS (
    SELECT id, system_id, date_trunc('month', created_at, 'UTC') AS month FROM test_runs
     WHERE id IN (SELECT id FROM test_runs WHERE deleted_at IS NULL)),
  fc AS (
    SELECT c.id, c.run_id, c.title FROM test_cards c
     WHERE c.run_id IN (SELECT id FROM r)
       AND NOT EXISTS (SELECT 1 FROM test_cards e
                        WHERE e.run_id = c.run_id AND e.title = c.title AND e.position < c.position)),
  st AS (
    SELECT fc.id AS card_id, s.title, s.execution_status FROM fc JOIN test_steps s ON s.card_id = fc.id),
  sev AS (
    SELECT card_id, max(CASE execution_status WHEN 'failed' THEN 4 WHEN 'todo' THEN 3
                          WHEN 'passed_with_exception' THEN 2 WHEN 'passed' THEN 1 ELSE 0 END) AS sev
      FROM st GROUP BY card_id)
  SELECT r.system_id, r.month, 'card' AS level, fc.title AS card_title, '' AS step_title,
         CASE coalesce(sev.sev, 0) WHEN 4 THEN 'failed' WHEN 2 THEN 'passed_with_exception'
                                   WHEN 1 THEN 'passed' ELSE 'pending' END AS verdict,
         count(*)::int AS n
    FROM fc JOIN r ON r.id = fc.run_id LEFT JOIN sev ON sev.card_id = fc.id
   GROUP BY 1, 2, 3, 4, 5, 6
  UNION ALL
  SELECT r.system_id, r.month, 'step', fc.title, st.title,
         CASE WHEN st.execution_status IN ('passed', 'passed_with_exception', 'failed')
              THEN st.execution_status ELSE 'pending' END,
         count(*)::int
    FROM fc JOIN r ON r.id = fc.run_id JOIN st ON st.card_id = fc.id
   GROUP BY 1, 2, 3, 4, 5, 6) AS x
;
